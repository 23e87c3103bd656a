// `npm test`: every check, in three phases, each stage's time printed at the end.
// 1. What only reads the sources (the three TypeScript projects, ESLint) and the production
//    build with its size budget, two at a time (tsc and ESLint use one core each; CI has two).
// 2. The unit and server tests (vitest, one worker per core) beside the cross-engine suite
//    (WebKitGTK and Firefox ESR, one browser at a time: it mostly waits on real-time
//    sessions, and its bounds held on machines far busier than this).
// 3. The Playwright suite, alone (two workers; its journeys measure real time).
// A phase with a failed stage ends the run once its other stages are done.
// TEST_JOBS sets how many of phase 1's stages run at once.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, availableParallelism()));
// Where vitest and Playwright write their JSON reports, read at the end for the slowest files.
const reports = mkdtempSync(join(tmpdir(), 'pneuma-test-times-'));
const VITEST_JSON = join(reports, 'vitest.json');
const PLAYWRIGHT_JSON = join(reports, 'playwright.json');

const phases = [
  {
    lanes: jobs,
    // Longest first, so the phase ends as early as it can.
    stages: [
      { name: 'typecheck (tsconfig.node.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.node.json'] },
      { name: 'typecheck (tsconfig.app.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.app.json'] },
      { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
      { name: 'build, then size budget', cmd: ['sh', '-c', 'npm run --silent build && npm run --silent size'] },
      { name: 'typecheck (tsconfig.sw.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.sw.json'] },
    ],
  },
  {
    lanes: 2,
    stages: [
      {
        name: 'unit and server tests (vitest)',
        cmd: ['npm', 'run', '--silent', 'test:unit', '--', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_JSON}`],
        stream: true,
      },
      { name: 'engine journeys (WebKitGTK, Firefox ESR)', cmd: ['npm', 'run', '--silent', 'test:engines'] },
    ],
  },
  {
    lanes: 1,
    stages: [
      // Two workers whether or not CI is set (playwright.config.ts: one unless CI is set).
      {
        name: 'browser journeys (Playwright)',
        cmd: ['npm', 'run', '--silent', 'test:e2e', '--', '--workers=2', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON },
        stream: true,
      },
    ],
  },
];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one stage; unless it streams, its output is held until it ends (no interleaved logs). */
function run(stage, alone) {
  const stream = alone || stage.stream;
  const started = Date.now();
  console.log(`\n▶ ${stage.name}${stream ? '' : ' (output when it ends)'}`);
  return new Promise((resolve) => {
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...stage.env },
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      times.push({ name: stage.name, ms, ok });
      if (!stream) {
        console.log(`\n▶ ${stage.name}: its output`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`${ok ? '✔' : '✘'} ${stage.name}: ${seconds(ms)}${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolve(ok);
    });
  });
}

async function phase({ stages, lanes }) {
  const queue = [...stages];
  const width = Math.min(lanes, stages.length);
  let ok = true;
  const lane = async () => {
    for (let stage = queue.shift(); stage; stage = queue.shift()) ok = (await run(stage, width === 1)) && ok;
  };
  await Promise.all(Array.from({ length: width }, lane));
  return ok;
}

const startedAt = Date.now();
let ok = true;
for (const p of phases) {
  ok = await phase(p);
  if (!ok) break;
}
console.log('\nnpm test, time per stage:');
for (const t of times) console.log(`  ${t.ok ? '✔' : '✘'} ${seconds(t.ms).padStart(6)}  ${t.name}`);
console.log(`  total ${seconds(Date.now() - startedAt)}`);

/** The ten files that took longest, from a JSON report (vitest: each file's own span; Playwright: its tests' summed time, retries included). */
function slowest(title, file, perFile) {
  if (!existsSync(file)) return;
  let rows;
  try {
    rows = [...perFile(JSON.parse(readFileSync(file, 'utf8')))].sort((a, b) => b[1] - a[1]).slice(0, 10);
  } catch (e) {
    console.log(`\n${title}: unreadable report (${e.message})`);
    return;
  }
  console.log(`\n${title}, the ten slowest files:`);
  for (const [name, ms] of rows) console.log(`  ${seconds(ms).padStart(6)}  ${name}`);
}
slowest('vitest', VITEST_JSON, (r) => r.testResults.map((f) => [f.name.replace(`${process.cwd()}/`, ''), f.endTime - f.startTime]));
slowest('Playwright', PLAYWRIGHT_JSON, (r) => {
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const res of t.results ?? []) byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + res.duration);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const s of r.suites) walk(s);
  return byFile;
});
process.exit(ok ? 0 : 1);
