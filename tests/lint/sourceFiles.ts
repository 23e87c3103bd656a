/** The project's own source files (src/ and sw/), as paths relative to the repository. */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = process.cwd();

export function sourceFiles(dirs: readonly string[] = ['src', 'sw']): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative('.', path));
    }
  };
  for (const dir of dirs) walk(dir);
  return out.sort();
}
