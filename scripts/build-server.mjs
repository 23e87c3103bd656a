// Compiles the server (server/main.ts and everything it imports, route modules included) into
// one plain-JavaScript ES module, so `npm start` runs no TypeScript compiler at run time.
//
//   node scripts/build-server.mjs            build when the server's sources changed
//   node scripts/build-server.mjs --force    build anyway
//
// Output folder: PNEUMA_SERVER_DIR, else `<PNEUMA_DIST_DIR or dist>-server` (dist -> dist-server).
// It holds main.mjs, the SQL it runs at start (migrations/*.sql, preamble.sql) and
// build.json (what it was built from). Packages are bundled too (one file loads far faster
// than hundreds), except those that load files beside themselves: PGlite (its WebAssembly and
// file-system image) and native addons, which the bundle imports from node_modules.
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Packages the bundle imports at run time instead of containing them. */
const EXTERNAL = ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'pg-native'];

/** What the server bundle is made from (server/ imports src/domain and src/contracts too): a change to any of these means a rebuild. */
export const SERVER_SOURCES = ['server', 'src/domain', 'src/contracts', 'supabase/migrations', 'package.json', 'package-lock.json', 'scripts/build-server.mjs'];

/**
 * The bundle loads its packages from this project's node_modules, so it lives inside the
 * project: beside the app's build when that is inside too, else in dist-server.
 */
export function serverOutDir(env = process.env) {
  if (env.PNEUMA_SERVER_DIR) return resolve(env.PNEUMA_SERVER_DIR);
  const beside = resolve(`${env.PNEUMA_DIST_DIR || 'dist'}-server`);
  return insideProject(beside) ? beside : resolve('dist-server');
}

function insideProject(path) {
  const rel = relative(process.cwd(), path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when outDir holds a bundle at least as new as every server source. */
export function serverBuildFresh(outDir = serverOutDir()) {
  const marker = join(outDir, 'build.json');
  if (!existsSync(marker) || !existsSync(join(outDir, 'main.mjs'))) return false;
  return statSync(marker).mtimeMs >= Math.max(...SERVER_SOURCES.map(newestMtime));
}

function replaceFile(path, contents) {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, contents);
  renameSync(tmp, path);
}

/** Bundles the server into outDir; returns the path of main.mjs. */
export async function buildServer(outDir = serverOutDir()) {
  if (!insideProject(outDir)) {
    throw new Error(`PNEUMA_SERVER_DIR must be a folder inside ${process.cwd()}: the compiled server loads its packages from node_modules there`);
  }
  const started = Date.now();
  const sqlDir = join(outDir, 'migrations');
  mkdirSync(sqlDir, { recursive: true });
  const sql = readdirSync('supabase/migrations').filter((f) => f.endsWith('.sql'));
  for (const f of readdirSync(sqlDir)) if (!sql.includes(f)) rmSync(join(sqlDir, f));
  for (const f of sql) replaceFile(join(sqlDir, f), readFileSync(join('supabase/migrations', f)));
  replaceFile(join(outDir, 'preamble.sql'), readFileSync('server/db/preamble.sql'));
  const out = join(outDir, 'main.mjs');
  const result = await build({
    // The embedded database's thread (server/db/pglite-thread.ts) loads pglite-worker.mjs beside
    // main.mjs; a first start's initdb and migrations run in pglite-migrate.mjs (server/db/pglite-migrated.ts).
    entryPoints: { main: 'server/main.ts', 'pglite-worker': 'server/db/pglite-worker.ts', 'pglite-migrate': 'server/db/pglite-migrate-process.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    external: EXTERNAL,
    // Bundled CommonJS packages call require() for Node's own modules.
    banner: { js: "import { createRequire as pneumaCreateRequire } from 'node:module'; const require = pneumaCreateRequire(import.meta.url);" },
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    // server/db/migrate.ts reads its SQL next to the bundle instead of from the source tree.
    define: { PNEUMA_BUNDLED_SQL: '"."' },
  });
  // Written beside, then renamed: a server starting meanwhile never reads half a file.
  for (const file of result.outputFiles) replaceFile(file.path, file.contents);
  replaceFile(join(outDir, 'build.json'), JSON.stringify({ builtAt: new Date().toISOString(), entry: 'server/main.ts', ms: Date.now() - started }, null, 2) + '\n');
  return out;
}

const invokedDirectly = process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) {
  const outDir = serverOutDir();
  if (!process.argv.includes('--force') && serverBuildFresh(outDir)) {
    console.log(`Server bundle is up to date: ${outDir}`);
  } else {
    const t0 = Date.now();
    const out = await buildServer(outDir);
    console.log(`Server compiled to ${out} in ${Date.now() - t0} ms`);
  }
}
