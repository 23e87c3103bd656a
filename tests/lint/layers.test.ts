/**
 * The layer rule of eslint.config.js (scripts/lint/layers.js) fires on every wrong-way
 * import and stays quiet on the right-way ones: linted through ESLint's own API with the
 * project's configuration, as `npm run lint` runs it.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) =>
      [
        'no-restricted-imports',
        'no-restricted-globals',
        'layers/no-wrong-way-dynamic-import',
      ].includes(m.ruleId ?? ''),
    )
    .map((m) => m.message);
}

describe('layer rule', () => {
  it.each([
    ['src/domain/x.ts', "import { useState } from 'react';\nexport const a = useState;"],
    ['src/domain/x.ts', "import Dexie from 'dexie';\nexport const a = Dexie;"],
    ['src/domain/x.ts', "import { db } from '../data/db';\nexport const a = db;"],
    [
      'src/domain/errors/x.ts',
      "import { runOutbox } from '../../sync/outbox';\nexport const a = runOutbox;",
    ],
    ['src/domain/x.ts', "export const a = () => fetch('/api/health');"],
    ['src/machines/x.ts', "import { db } from '../data/db';\nexport const a = db;"],
    [
      'src/machines/x.ts',
      "import { useMachine } from '@xstate/react';\nexport const a = useMachine;",
    ],
    ['src/data/x.ts', "import { SyncBadge } from '../features/sync';\nexport const a = SyncBadge;"],
    [
      'src/sync/page/x.ts',
      "import { toast } from '../../features/errors/ErrorCards';\nexport const a = toast;",
    ],
    ['src/backend/x.ts', "import { Route } from '../routes/index';\nexport const a = Route;"],
    [
      'src/app/x.ts',
      "import { HomeScreen } from '../features/home/HomeScreen';\nexport const a = HomeScreen;",
    ],
    [
      'src/styles/x.ts',
      "import { HomeScreen } from '../features/home/HomeScreen';\nexport const a = HomeScreen;",
    ],
    [
      'src/features/home/x.ts',
      "import { LibraryScreen } from '../library/LibraryScreen';\nexport const a = LibraryScreen;",
    ],
    [
      'src/features/home/x.ts',
      "import { Route } from '../../routes/index';\nexport const a = Route;",
    ],
    // Folders covered since #29: adapters, contracts, data -> sync, sw/, server/, and dynamic import().
    ['src/vision/x.ts', "import { db } from '../data/db';\nexport const a = db;"],
    ['src/wallet/x.ts', "import { runOutbox } from '../sync/outbox';\nexport const a = runOutbox;"],
    ['src/flow/x.ts', "import { Button } from '../ui/Button';\nexport const a = Button;"],
    ['src/contracts/x.ts', "import { db } from '../data/db';\nexport const a = db;"],
    ['src/data/x.ts', "import { runOutbox } from '../sync/outbox';\nexport const a = runOutbox;"],
    [
      'sw/x.ts',
      "import { HomeScreen } from '../src/features/home/HomeScreen';\nexport const a = HomeScreen;",
    ],
    ['server/x.ts', "import { db } from '../src/data/db';\nexport const a = db;"],
    ['server/auth/x.ts', "import { SHELL_FILE } from '../../sw/sw';\nexport const a = SHELL_FILE;"],
    ['server/x.ts', "export const a = () => import('../src/sync/outbox');"],
    ['src/domain/x.ts', "export const a = () => import('../data/db');"],
    ['src/data/x.ts', 'export const a = () => import(`../sync/outbox`);'],
    ['src/vision/x.ts', "export const a = () => import('../../features/home/HomeScreen');"],
    [
      'src/features/programs/x.ts',
      "import { useLiveQuery } from 'dexie-react-hooks';\nexport const a = useLiveQuery;",
    ],
    // A file one folder deeper climbs one more '../' out of its layer.
    [
      'src/domain/tokens/x.ts',
      "import { loadFlowClient } from '../../flow/loadFlowClient';\nexport const a = loadFlowClient;",
    ],
    ['src/domain/tokens/x.ts', "export const a = () => import('../../wallet/walletStore');"],
  ])('refuses a wrong-way import in %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    ['src/domain/x.ts', "import { PATTERNS } from './patterns';\nexport const a = PATTERNS;"],
    [
      'src/machines/x.ts',
      "import { setup } from 'xstate';\nimport { PATTERNS } from '../domain/patterns';\nexport const a = [setup, PATTERNS];",
    ],
    ['src/data/x.ts', "import { PATTERNS } from '../domain/patterns';\nexport const a = PATTERNS;"],
    [
      'src/features/home/x.ts',
      "import { SyncBadge } from '../sync';\nimport { b } from '../sync/index';\nimport './home.css';\nimport { db } from '../../data/db';\nexport const a = [SyncBadge, b, db];",
    ],
    [
      'src/routes/x.tsx',
      "import { HomeScreen } from '../features/home/HomeScreen';\nexport const a = HomeScreen;",
    ],
    [
      'server/x.ts',
      "import { PATTERNS } from '../src/domain/patterns';\nimport { SHELL_FILE } from '../src/contracts/pages';\nexport const a = [PATTERNS, SHELL_FILE];",
    ],
    [
      'sw/x.ts',
      "import { runOutbox } from '../src/sync/outbox';\nimport { SHELL_FILE } from '../src/contracts/pages';\nexport const a = [runOutbox, SHELL_FILE];",
    ],
    [
      'src/sync/x.ts',
      "import { db } from '../data/db';\nexport const a = () => import('../backend/supabaseClient').then(() => db);",
    ],
    [
      'src/vision/x.ts',
      "import { PATTERNS } from '../domain/patterns';\nexport const a = PATTERNS;",
    ],
    // A domain folder named like an adapter is still domain: src/domain/flow, src/domain/vision.
    [
      'src/domain/tokens/x.ts',
      "import { normalizeFlowAddress } from '../flow/address';\nimport { b } from '../vision/c';\nexport const a = [normalizeFlowAddress, b];",
    ],
  ])('allows a right-way import in %s', async (filePath, code) => {
    expect(await layerErrors(filePath, code)).toEqual([]);
  });
});

/**
 * Every pair of layers, against the order README "Tour" states (written here, not read from
 * scripts/lint/layers.js, so the rule is checked against the order and not against itself):
 * a layer imports the lines below it and its peers on its own line; an import up is refused,
 * static from a file one folder below src/<layer>, dynamic from a file two folders below.
 * The one stricter rule the order leaves open: an adapter never imports data.
 * Not proved: imports written without a relative path (an alias, a bare package name).
 */
const ORDER: readonly (readonly string[])[] = [
  ['routes'],
  ['features'],
  ['app', 'ui', 'styles'],
  ['sync'],
  ['data', 'backend', 'vision', 'wallet', 'flow'],
  ['machines'],
  ['contracts'],
  ['domain'],
];
const ADAPTERS = new Set(['vision', 'wallet', 'flow']);
const lineOf = (layer: string) => ORDER.findIndex((line) => line.includes(layer));
const LAYERS = ORDER.flat();
const PAIRS = LAYERS.flatMap((from) =>
  LAYERS.filter((to) => to !== from).map((to) => {
    const allowed = lineOf(to) >= lineOf(from) && !(ADAPTERS.has(from) && to === 'data');
    return { from, to, allowed };
  }),
);

describe('layer rule, every pair of layers', () => {
  // A feature's file lives in its folder, and imports another feature only through index.ts.
  const folder = (layer: string) => (layer === 'features' ? 'features/home' : layer);
  const target = (to: string) => (to === 'features' ? 'features/home' : `${to}/y`);
  const up = (from: string, deeper: number) =>
    '../'.repeat(folder(from).split('/').length + deeper);
  const attempts = async (from: string, to: string) => [
    await layerErrors(
      `src/${folder(from)}/x.ts`,
      `import { y } from '${up(from, 0)}${target(to)}';\nexport const a = y;`,
    ),
    await layerErrors(
      `src/${folder(from)}/deep/x.ts`,
      `export const a = () => import('${up(from, 1)}${target(to)}');`,
    ),
  ];
  it.each(PAIRS.filter((p) => !p.allowed))(
    'refuses src/$from importing src/$to',
    async ({ from, to }) => {
      for (const errors of await attempts(from, to)) expect(errors).not.toEqual([]);
    },
  );
  it.each(PAIRS.filter((p) => p.allowed))(
    'allows src/$from importing src/$to',
    async ({ from, to }) => {
      for (const errors of await attempts(from, to)) expect(errors).toEqual([]);
    },
  );
});
