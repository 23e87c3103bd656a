/**
 * The README's performance section is generated from one `npm run bench` run
 * (scripts/bench.mjs writes bench/results/<time>-<commit>.json; scripts/bench-readme.mjs
 * renders the section): this fails when the section differs from what the file it names
 * renders (a figure edited by hand, or a section left from another run), when a newer run
 * exists than the one it names, and when a run whose load rose above the core count does
 * not say so.
 *
 * Does not prove: that the run was made on the tree being tested (the file records its commit
 * and the uncommitted files; the lead re-runs the bench on the final tree), nor that the
 * figures themselves are right (the benchmarks measure them).
 */
import { describe, expect, it } from 'vitest';
import { checkReadme, latestRun, renderSection, withSection } from '../../scripts/bench-readme.mjs';
import type { BenchRun } from '../../scripts/bench-readme.mjs';

const run = (highest: number): BenchRun => ({
  commit: '0123456789abcdef',
  startedAt: '2026-11-28T21:00:00.000Z',
  seconds: 1800,
  node: 'v20.19.0',
  cores: 2,
  loadAverage: { start: [0.5, 0.5, 0.5], end: [1.5, 1, 1], highestOneMinute: highest },
  figures: {},
});

describe("README.md's performance section", () => {
  it('is what the latest bench run renders, and names that run', () => {
    const { named, matches } = checkReadme();
    expect(
      named,
      'README.md has a <!-- bench:begin bench/results/….json --> section',
    ).not.toBeNull();
    expect(named).toBe(latestRun());
    expect(
      matches,
      `the section differs from what ${named} renders: run npm run bench:readme`,
    ).toBe(true);
  });

  it('says when the load average rose above the core count, and not otherwise', () => {
    const loaded = renderSection(run(2.5), 'bench/results/x.json');
    const quiet = renderSection(run(1.9), 'bench/results/x.json');
    expect(loaded).toMatch(/the load rose above the 2 cores/);
    expect(quiet).not.toMatch(/the load rose above/);
    expect(quiet).toMatch(/never above the 2 cores/);
  });

  it('replaces only the text between its markers', () => {
    const readme =
      'before\n<!-- bench:begin bench/results/a.json -->\nold figures\n<!-- bench:end -->\nafter\n';
    const section = renderSection(run(1), 'bench/results/b.json');
    expect(withSection(readme, section)).toBe(`before\n${section}\nafter\n`);
  });
});
