/**
 * Build-time prerender entry (built for Node by scripts/prerender/prerenderPlugin.ts after the
 * client build): renders a route of the route table to HTML with the same components the
 * browser hydrates (docs/product.md § Vision: the first paint needs no JavaScript).
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
  const paths = Object.keys(router.routesByPath)
    .map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
    .flatMap(expand);
  return [...new Set(paths)].sort();
}

/** The HTML inside #root for one path, with every Suspense boundary resolved. */
export async function renderPage(path: string): Promise<{ html: string; failure: string | null }> {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }), { prerender: true });
  await router.load();
  const { prelude } = await prerenderToNodeStream(<AppTree router={router} />);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const matches = router.state.matches;
  const failed = matches.find((m) => m.status === 'error' || m.status === 'notFound');
  return { html: Buffer.concat(chunks).toString('utf8'), failure: failed ? `${failed.routeId}: ${failed.status}` : null };
}
