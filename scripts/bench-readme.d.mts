// Types for scripts/bench-readme.mjs (imported by tests/scripts/benchReadme.test.ts).
export interface BenchRun {
  commit: string;
  uncommitted?: string[];
  startedAt: string;
  seconds: number;
  node: string;
  cores: number;
  loadAverage: { start: number[]; end: number[]; highestOneMinute: number };
  benches?: { name: string; script: string; exit?: number | string; seconds?: number }[];
  only?: string[];
  figures: Record<string, unknown>;
}
export const RESULTS_DIR: string;
export const BEGIN: RegExp;
export const END: string;
export function latestRun(root?: string): string;
export function renderSection(run: BenchRun, file: string): string;
export function withSection(readme: string, section: string): string;
export function checkReadme(root?: string): {
  named: string | null;
  matches: boolean;
  readme: string;
  expected: string;
};
