/**
 * The layers of src/ (README "Tour"): dependencies point down only. A wrong-way import
 * fails `npm run lint`; tests/lint/layers.test.ts proves that each rule fires.
 *
 *   routes -> features -> app, ui -> sync, data, backend -> machines -> domain
 *
 * - domain: pure TypeScript; no React, Dexie, network or state-machine library, no other layer.
 * - machines: XState and domain only; side effects come in as provided actors.
 * - data, sync, backend, app, ui: never features or routes.
 * - features: another feature only through its index.ts; never routes.
 */
const msg = (layer, what) => `${layer} must not import ${what} (layers: README "Tour").`;
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', '@tanstack/react-*', 'dexie-react-hooks', 'sonner', '@radix-ui/*', 'recharts'];
const DEXIE = ['dexie', 'dexie/*', 'dexie-react-hooks'];
const NETWORK = ['@supabase/*', 'ws', 'pg', 'hono', 'hono/*'];

/** A relative import that climbs into one of the named top-level folders of src/. */
const into = (...dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;

const rule = (files, patterns, extra = {}) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }], ...extra } });

export const layerRules = [
  rule(
    ['src/domain/**/*.{ts,tsx}'],
    [
      { group: REACT, message: msg('src/domain', 'React') },
      { group: DEXIE, message: msg('src/domain', 'Dexie') },
      { group: [...NETWORK, 'xstate'], message: msg('src/domain', 'network or state-machine libraries') },
      { regex: into('data', 'sync', 'backend', 'machines', 'features', 'routes', 'app', 'ui', 'vision'), message: msg('src/domain', 'another layer of src') },
    ],
    {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: msg('src/domain', 'the network (fetch)') },
        { name: 'XMLHttpRequest', message: msg('src/domain', 'the network') },
        { name: 'indexedDB', message: msg('src/domain', 'storage') },
        { name: 'localStorage', message: msg('src/domain', 'storage') },
      ],
    },
  ),
  rule(
    ['src/machines/**/*.{ts,tsx}'],
    [
      { group: REACT, message: msg('src/machines', 'React') },
      { group: DEXIE, message: msg('src/machines', 'Dexie') },
      { regex: into('data', 'sync', 'backend', 'features', 'routes', 'app', 'ui'), message: msg('src/machines', 'I/O or UI layers (side effects come in as provided actors)') },
    ],
  ),
  rule(
    ['src/data/**/*.{ts,tsx}', 'src/sync/**/*.{ts,tsx}', 'src/backend/**/*.{ts,tsx}', 'src/app/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    [{ regex: into('features', 'routes'), message: msg('src/data, sync, backend, app and ui', 'features or routes') }],
  ),
  rule(
    ['src/features/**/*.{ts,tsx}'],
    [
      // ../other/file (a sibling feature's module) or ../../features/other/file; index and CSS are fine.
      { regex: '^\\.\\./(?!\\.)[^/]+/(?!index$)[^/]+(?<!\\.css)$', message: 'A feature imports another feature only through its index.ts.' },
      { regex: '^(\\.\\./)+features/[^/]+/(?!index$)[^/]+(?<!\\.css)$', message: 'A feature imports another feature only through its index.ts.' },
      { regex: into('routes'), message: msg('src/features', 'routes') },
    ],
  ),
];
