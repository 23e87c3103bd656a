// The prerender's render step, run by scripts/prerender/prerenderPlugin.ts in a process of
// its own: it imports the Node build of src/entry-server.tsx, renders every page of the
// route table and writes them as JSON, then exits at once, so a timer a component left
// running during render (a query cache's, a retry's) can never keep the build waiting.
// Usage: node renderPages.mjs <entry-server.js> <pages.json>
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [entryFile, outFile] = process.argv.slice(2);
try {
  const entry = await import(pathToFileURL(entryFile).href);
  const pages = [];
  for (const path of entry.prerenderPaths()) {
    const { html, failure } = await entry.renderPage(path);
    pages.push({ path, html, failure });
  }
  writeFileSync(outFile, JSON.stringify(pages));
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
