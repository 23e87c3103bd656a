/**
 * Build-time prerender entry (built for Node by scripts/prerender/prerenderPlugin.ts after the
 * client build): renders a route of the route table to HTML with the same components the
 * browser hydrates: a page's first paint needs no JavaScript.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryHistory } from '@tanstack/react-router';
import { SESSION_MODES } from './domain/sessionModes';
import { AppTree } from './AppTree';
import { createAppRouter } from './router';

/**
 * Dynamic routes whose parameter has a fixed set of values get one page per value; any
 * other `$param` route is served the app shell and renders in the browser.
 */
const KNOWN_PARAMS: Record<string, Record<string, readonly string[]>> = {
  '/session/$mode': { mode: SESSION_MODES },
};

function expand(fullPath: string): string[] {
  const params = KNOWN_PARAMS[fullPath];
  if (!fullPath.includes('$')) return [fullPath];
  if (!params) return [];
  let paths = [fullPath];
  for (const [name, values] of Object.entries(params)) {
    paths = paths.flatMap((p) => values.map((v) => p.replace(`$${name}`, encodeURIComponent(v))));
  }
  return paths.filter((p) => !p.includes('$'));
}

/** Every page to prerender, read from the route table (so new routes are picked up). */
export function prerenderPaths(): string[] {
  const router = createAppRouter(createMemoryHistory({ initialEntries: ['/'] }));
  const paths = Object.entries(router.routesByPath)
    // A route with no component of its own only sends the visitor on (/session goes to a
    // session's page in beforeLoad): no page file, so the server and the service worker
    // give it the app shell and the router goes on in the browser.
    .filter(([, route]) => route.options.component !== undefined)
    .map(([p]) => (p.length > 1 ? p.replace(/\/$/, '') : p))
    .flatMap(expand);
  return [...new Set(paths)].sort();
}

/** The HTML inside #root for one path, with every Suspense boundary resolved. */
export async function renderPage(path: string): Promise<{ html: string; failure: string | null }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), {
    prerender: true,
  });
  await router.load();
  // A component that throws while rendering leaves its Suspense boundary to the browser;
  // the build reports it instead of shipping a page that hydrates with an error.
  const renderErrors: string[] = [];
  const { prelude } = await prerenderToNodeStream(<AppTree router={router} />, {
    // Never move a large boundary's content behind its fallback (React otherwise outlines
    // it and reveals it with an inline script: without JavaScript the page would show
    // the loading fallback, and hydration would meet a boundary it did not expect).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      renderErrors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const matches = router.state.matches;
  const failed = matches.find((m) => m.status === 'error' || m.status === 'notFound');
  const html = Buffer.concat(chunks).toString('utf8');
  // A boundary left pending (<!--$?-->) or to the browser (<!--$!-->) would not hydrate as built.
  const unfinished = /<!--\$[?!]-->/.test(html) ? 'a Suspense boundary did not finish' : null;
  const failure = failed
    ? `${failed.routeId}: ${failed.status}`
    : renderErrors.length
      ? renderErrors.join('\n')
      : unfinished;
  return { html, failure };
}
