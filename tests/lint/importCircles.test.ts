/**
 * No import circle in src/, sw/ or server/: a circle makes two modules one (neither can be
 * understood, tested or loaded without the other) and, at run time, hands one of them the
 * other half-initialised. Every relative import counts, `import type` and dynamic
 * `import('…')` included (tests/lint/importGraph.ts).
 * Not proved: circles through a package's own entry (`pneuma` is not imported by name) or
 * through a path built at run time.
 */
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, type ImportEdge } from './importGraph';

describe('import circles', () => {
  it('src/, sw/ and server/ have none', () => {
    expect(importCircles(importGraph()).map((circle) => circle.join(' -> '))).toEqual([]);
  });

  it('finds a circle of three files, and one made of a type-only import', () => {
    const edges: ImportEdge[] = [
      { from: 'a.ts', to: 'b.ts', typeOnly: false },
      { from: 'b.ts', to: 'c.ts', typeOnly: false },
      { from: 'c.ts', to: 'a.ts', typeOnly: false },
      { from: 'c.ts', to: 'd.ts', typeOnly: false },
      { from: 'x.ts', to: 'y.ts', typeOnly: false },
      { from: 'y.ts', to: 'x.ts', typeOnly: true },
    ];
    expect(importCircles(edges)).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
      ['x.ts', 'y.ts', 'x.ts'],
    ]);
    expect(importCircles(edges.filter((e) => e.to !== 'a.ts' && e.to !== 'x.ts'))).toEqual([]);
  });
});
