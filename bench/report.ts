import { mkdirSync, writeFileSync } from 'node:fs';

/** Writes a benchmark's figures to bench-results/<name>.json and prints them. */
export function writeBenchResult(name: string, result: unknown): void {
  const text = JSON.stringify(result, null, 2);
  mkdirSync('bench-results', { recursive: true });
  writeFileSync(`bench-results/${name}.json`, text + '\n');
  console.log(text);
}

/** Runs a benchmark; an error is printed and the process exits with 1. */
export function runBench(main: () => Promise<void>): void {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
