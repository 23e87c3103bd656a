// `npm start`: build the app when dist/ is missing or older than its sources, compile the
// server when its bundle is missing or older than server/ (scripts/build-server.mjs), then
// serve the app and the embedded backend from one Node process running plain JavaScript.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildServer, serverBuildFresh, serverOutDir } from './build-server.mjs';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json', 'scripts/vision', 'scripts/prerender'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const distDir = process.env.PNEUMA_DIST_DIR || 'dist';
const builtAt =
  existsSync(join(distDir, 'index.html')) && existsSync(join(distDir, 'sw.js')) ? statSync(join(distDir, 'index.html')).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (process.env.PNEUMA_SKIP_BUILD !== '1' && builtAt < sourcesAt) {
  console.log(builtAt ? 'Sources changed since the last build: building…' : 'No build found: building…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const serverDir = serverOutDir();
// PNEUMA_SKIP_BUILD=1 keeps the build that is there, the server's too (scripts/bench.mjs builds
// once and measures that build while the sources may change).
const keepServer = process.env.PNEUMA_SKIP_BUILD === '1' && existsSync(join(serverDir, 'main.mjs'));
if (!keepServer && !serverBuildFresh(serverDir)) {
  console.log(`Compiling the server into ${serverDir}…`);
  await buildServer(serverDir);
}

const server = spawn(process.execPath, [join(serverDir, 'main.mjs')], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
