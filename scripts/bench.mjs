// `npm run bench`: every benchmark of the project, one after another, each writing its
// figures to bench-results/. Performance targets live here, not in timed unit tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BENCHES = [
  ['bundle size', 'node', ['scripts/size-budget.mjs']],
  ['Lighthouse, mobile slow 4G, median of 3: /, /patterns, /session, /session/classic, /progress', 'npx', ['tsx', 'bench/lighthouse.ts']],
  ['server upserts, abuse limits off and on side by side (PGlite, PostgreSQL, direct ceiling)', 'npx', ['tsx', 'bench/server-bench.ts']],
  ['lean server: memory from a new install\'s first start through sign-ups, sync, browsing (5 minutes) and load, high-water mark, cold starts (compiled server, PGlite)', 'npx', ['tsx', 'bench/server-memory.ts']],
  ['offline sync of 1,000 sessions', 'npx', ['tsx', 'bench/sync-bench.ts']],
  ['fresh device pulls 1,000 sessions + 50 patterns', 'npx', ['tsx', 'bench/pull-bench.ts']],
  ['breath timing in Chromium (real time, >= 2 min)', 'npx', ['tsx', 'bench/session-timing.ts']],
  ['immersive session frames at 4x CPU throttling (phone, 2 x 60 s)', 'npx', ['tsx', 'bench/immersive-frames.ts']],
  ['vision: ms per camera frame in the worker (stillness, face, breathing)', 'npx', ['tsx', 'bench/vision-bench.ts']],
  ['load: 200 clients for 60 s, sign-in/upserts/reads (PGlite, PostgreSQL)', 'npx', ['tsx', 'bench/load.ts']],
  ['crash safety: SIGKILL and SIGTERM during 200 uploads (PGlite, PostgreSQL)', 'npx', ['tsx', 'bench/crash.ts']],
];

let failed = 0;
for (const [name, cmd, args] of BENCHES) {
  const script = args.find((a) => /\.(ts|mjs)$/.test(a));
  if (script && !existsSync(script)) {
    console.log(`\n== ${name}: not present (${script})`);
    continue;
  }
  console.log(`\n== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
