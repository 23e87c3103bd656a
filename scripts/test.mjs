// `npm test`: every check, in stages. The checks that only read the sources (the three
// TypeScript projects, ESLint) and the production build with its size budget run side by
// side, two at a time (one per core of a 2-core CI machine; tsc and ESLint use one core
// each); then the unit and server tests, the Playwright suite and the cross-engine suite, one
// after the other (each uses every core, and the browser suites measure real time).
// A stage that fails stops the run after its group; the end prints each stage's time.
// TEST_JOBS sets how many of the first group run at once.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, availableParallelism()));

/** Longest first, so the group ends as early as it can. */
const checks = [
  { name: 'typecheck (tsconfig.node.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.node.json'] },
  { name: 'typecheck (tsconfig.app.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.app.json'] },
  { name: 'lint', cmd: ['npm', 'run', '--silent', 'lint'] },
  { name: 'build, then size budget', cmd: ['sh', '-c', 'npm run --silent build && npm run --silent size'] },
  { name: 'typecheck (tsconfig.sw.json)', cmd: ['npx', 'tsc', '-p', 'tsconfig.sw.json'] },
];
const suites = [
  { name: 'unit and server tests (vitest)', cmd: ['npm', 'run', '--silent', 'test:unit'] },
  // Two workers whether or not CI is set (playwright.config.ts: one by default, for a developer's machine).
  { name: 'browser journeys (Playwright)', cmd: ['npm', 'run', '--silent', 'test:e2e', '--', '--workers=2'] },
  { name: 'engine journeys (WebKitGTK, Firefox ESR)', cmd: ['npm', 'run', '--silent', 'test:engines'] },
];

const times = [];
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

/** Runs one stage; `buffered` holds its output until it ends (so parallel logs don't interleave). */
function run(stage, buffered) {
  const started = Date.now();
  if (!buffered) console.log(`\n▶ ${stage.name}`);
  return new Promise((resolve) => {
    const child = spawn(stage.cmd[0], stage.cmd.slice(1), {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const out = [];
    child.stdout?.on('data', (d) => out.push(d));
    child.stderr?.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      times.push({ name: stage.name, ms, ok });
      if (buffered) {
        console.log(`\n▶ ${stage.name}`);
        process.stdout.write(Buffer.concat(out));
      }
      console.log(`${ok ? '✔' : '✘'} ${stage.name}: ${seconds(ms)}${ok ? '' : ` (exit ${code ?? signal})`}`);
      resolve(ok);
    });
  });
}

async function group(stages, width) {
  const queue = [...stages];
  let ok = true;
  const lane = async () => {
    for (let stage = queue.shift(); stage; stage = queue.shift()) ok = (await run(stage, width > 1)) && ok;
  };
  await Promise.all(Array.from({ length: Math.min(width, stages.length) }, lane));
  return ok;
}

function summary(startedAt) {
  console.log('\nnpm test, time per stage:');
  for (const t of times) console.log(`  ${t.ok ? '✔' : '✘'} ${seconds(t.ms).padStart(6)}  ${t.name}`);
  console.log(`  total ${seconds(Date.now() - startedAt)} (${jobs} checks at a time)`);
}

const startedAt = Date.now();
let ok = await group(checks, jobs);
for (const suite of suites) {
  if (!ok) break;
  ok = await run(suite, false);
}
summary(startedAt);
process.exit(ok ? 0 : 1);
