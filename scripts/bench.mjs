// `npm run bench`: every benchmark of the project, one after another, each writing its
// figures to bench-results/. Performance targets live here, not in timed unit tests.
// A whole run then becomes one file, bench/results/<time>-<commit>.json: the commit, the
// times, the load average and core count at its start and end (and the highest load sampled
// while it ran), each benchmark's exit and duration, and every figure the benchmarks wrote in
// this run. The README's performance section is generated from the latest such file
// (scripts/bench-readme.mjs, run at the end; tests/scripts/benchReadme.test.ts fails when they
// differ), so every figure it states comes from one run on one tree.
// `--only <word>[,<word>]` runs the benchmarks whose script name contains a word: a partial
// run, whose file lists what it ran (`only`) and whose README section says it is partial.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';

const BENCHES = [
  ['bundle size', 'node', ['scripts/size-budget.mjs']],
  [
    'Lighthouse, phone and desktop, first visit and returning, median of 3: /, /patterns, /session, /session/classic, /progress',
    'npx',
    ['tsx', 'bench/lighthouse.ts'],
  ],
  [
    'server upserts, abuse limits off and on side by side (PGlite, PostgreSQL, direct ceiling)',
    'npx',
    ['tsx', 'bench/server-bench.ts'],
  ],
  [
    "lean server: memory from a new install's first start through sign-ups, sync, browsing (5 minutes) and load, high-water mark, cold starts (compiled server, PGlite)",
    'npx',
    ['tsx', 'bench/server-memory.ts'],
  ],
  ['offline sync of 1,000 sessions', 'npx', ['tsx', 'bench/sync-bench.ts']],
  ['fresh device pulls 1,000 sessions + 50 patterns', 'npx', ['tsx', 'bench/pull-bench.ts']],
  ['breath timing in Chromium (real time, >= 2 min)', 'npx', ['tsx', 'bench/session-timing.ts']],
  [
    'immersive session frames at 4x CPU throttling (phone, 2 x 60 s)',
    'npx',
    ['tsx', 'bench/immersive-frames.ts'],
  ],
  [
    'vision: ms per camera frame in the worker (stillness, face, breathing)',
    'npx',
    ['tsx', 'bench/vision-bench.ts'],
  ],
  [
    'load: 200 clients for 60 s, sign-in/upserts/reads (PGlite, PostgreSQL)',
    'npx',
    ['tsx', 'bench/load.ts'],
  ],
  [
    'crash safety: SIGKILL and SIGTERM during 200 uploads (PGlite, PostgreSQL)',
    'npx',
    ['tsx', 'bench/crash.ts'],
  ],
];
const RESULTS_DIR = 'bench/results';
const FIGURES_DIR = 'bench-results';

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg >= 0 ? process.argv[onlyArg + 1].split(',') : null;
const cores = availableParallelism();
const load = () => loadavg().map((n) => Number(n.toFixed(2)));
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).trimEnd();

const startedAt = new Date();
const run = {
  commit: git('rev-parse', 'HEAD'),
  // Tracked files that differ from the commit: the figures are then not quite the commit's.
  uncommitted: git('status', '--porcelain', '--untracked-files=no')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.slice(3)),
  startedAt: startedAt.toISOString(),
  endedAt: '',
  seconds: 0,
  node: process.version,
  cores,
  loadAverage: { start: load(), end: [], highestOneMinute: load()[0] },
  benches: [],
  figures: {},
};
const sampler = setInterval(() => {
  run.loadAverage.highestOneMinute = Math.max(
    run.loadAverage.highestOneMinute,
    Number(loadavg()[0].toFixed(2)),
  );
}, 5000);

let failed = 0;
// The figures are the tree's: build it once (the app into PNEUMA_DIST_DIR, default dist, and the
// server beside it), then keep that build for every benchmark (PNEUMA_SKIP_BUILD: `npm start`
// would otherwise rebuild whenever a source file changes during the run).
if (process.env.PNEUMA_SKIP_BUILD !== '1') {
  console.log('\n== build');
  const began = Date.now();
  const status = await new Promise((resolve) => {
    spawn('npm', ['run', '--silent', 'build'], { stdio: 'inherit' }).on('close', (code, signal) =>
      resolve(code ?? signal),
    );
  });
  run.benches.push({
    name: 'build (npm run build)',
    script: 'vite build, scripts/build-server.mjs',
    exit: status,
    seconds: Math.round((Date.now() - began) / 1000),
  });
  if (status !== 0) {
    console.error('The build failed: no figures.');
    process.exit(1);
  }
} else
  run.benches.push({
    name: 'build',
    script: 'none',
    status: 'kept the build that was there (PNEUMA_SKIP_BUILD=1)',
  });
process.env.PNEUMA_SKIP_BUILD = '1';
for (const [name, cmd, args] of BENCHES) {
  const script = args.find((a) => /\.(ts|mjs)$/.test(a));
  if (only && !only.some((w) => script.includes(w))) continue;
  if (script && !existsSync(script)) {
    console.log(`\n== ${name}: not present (${script})`);
    run.benches.push({ name, script, status: 'not present' });
    continue;
  }
  console.log(`\n== ${name}`);
  const began = Date.now();
  const loadStart = load();
  // Asynchronous, so the load sampler keeps running while the benchmark does.
  const status = await new Promise((resolve) => {
    spawn(cmd, args, { stdio: 'inherit' }).on('close', (code, signal) => resolve(code ?? signal));
  });
  if (status !== 0) failed++;
  run.benches.push({
    name,
    script,
    exit: status,
    seconds: Math.round((Date.now() - began) / 1000),
    loadStart,
    loadEnd: load(),
  });
}
clearInterval(sampler);

// Every figures file a benchmark wrote during this run.
if (existsSync(FIGURES_DIR)) {
  for (const file of readdirSync(FIGURES_DIR).sort()) {
    const path = join(FIGURES_DIR, file);
    if (!file.endsWith('.json') || statSync(path).mtimeMs < startedAt.getTime()) continue;
    run.figures[file.replace(/\.json$/, '')] = JSON.parse(readFileSync(path, 'utf8'));
  }
}
const endedAt = new Date();
run.endedAt = endedAt.toISOString();
run.seconds = Math.round((endedAt - startedAt) / 1000);
run.loadAverage.end = load();
run.loadAverage.highestOneMinute = Math.max(
  run.loadAverage.highestOneMinute,
  run.loadAverage.end[0],
);

if (only)
  run.only = BENCHES.map(([, , args]) => args.find((a) => /\.(ts|mjs)$/.test(a))).filter((s) =>
    only.some((w) => s.includes(w)),
  );
mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(
  RESULTS_DIR,
  `${run.startedAt.slice(0, 19).replace(/:/g, '-')}Z-${run.commit.slice(0, 7)}.json`,
);
writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
console.log(
  `\nbench: ${run.seconds} s, load average ${run.loadAverage.start[0]} at the start, ${run.loadAverage.end[0]} at the end, at most ${run.loadAverage.highestOneMinute} on ${cores} cores; ${failed} benchmark(s) failed; wrote ${file}`,
);
const readme = spawnSync(process.execPath, ['scripts/bench-readme.mjs'], { stdio: 'inherit' });
if (readme.status !== 0) failed++;
process.exit(failed ? 1 : 0);
