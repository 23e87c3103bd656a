/**
 * The layers (README "Tour"): dependencies point down only, in static imports and in
 * dynamic import() alike. A wrong-way import fails `npm run lint`;
 * tests/lint/layers.test.ts proves that each rule fires. The order enforced:
 *
 *   routes -> features -> app, ui, styles -> sync -> data, backend, adapters (vision, wallet, flow)
 *          -> machines -> contracts -> domain
 *   sw/ (service worker) -> sync, data, contracts, domain
 *   server/ -> src/domain and src/contracts only (never the app, never sw/)
 *
 * A layer imports the layers below it and its peers on the same line (app, ui and styles;
 * data, backend and the adapters), never a layer above: tests/lint/layers.test.ts tries every
 * pair of layers, and tests/lint/importCircles.test.ts refuses any import circle.
 * - domain: pure TypeScript; no React, Dexie, network or state-machine library, no other layer.
 * - contracts: facts both sides of the wire share (paths, shapes, page files); domain only.
 * - machines: XState, contracts and domain only; side effects (I/O, adapters) come in as provided actors.
 * - data, backend: never sync (sync builds on data: src/sync/personData.ts clears it), app, ui, styles, features or routes.
 * - adapters (src/vision, src/wallet, src/flow): domain, contracts, machines, backend; never data, sync or UI.
 * - sync: never app, ui, styles, features or routes.
 * - app, ui, styles: never features or routes.
 * - features: another feature only through its index.ts; never routes.
 * - one live-query hook: src/data/useLocalQuery; dexie-react-hooks is refused in features, app, ui, sync, backend.
 */
const msg = (layer, what) => `${layer} must not import ${what} (layers: README "Tour").`;
const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', '@tanstack/react-*', 'dexie-react-hooks', '@radix-ui/*', 'recharts'];
const DEXIE = ['dexie', 'dexie/*', 'dexie-react-hooks'];
const NETWORK = ['@supabase/*', 'ws', 'pg', 'hono', 'hono/*'];
const ONE_LIVE_QUERY = 'A live read of the local database uses src/data/useLocalQuery (one live-query hook), not dexie-react-hooks.';

/**
 * A relative import that climbs out of its layer into one of the named top-level folders of
 * src/: at least as many '../' as the importing file's depth below src/ less one (one from
 * src/domain/x.ts, two from src/domain/tokens/x.ts), so that src/domain/tokens/x.ts may
 * import '../flow/address' (src/domain/flow) but not '../../flow/flowClient' (src/flow).
 * `rule` turns it into one pattern per depth.
 */
const into = (...dirs) => ({ depthRegex: (depth) => `^(\\.\\./){${depth},}(${dirs.join('|')})(/|$)` });

/**
 * no-restricted-imports sees `import ... from` and `export ... from` only; this rule applies
 * the same path patterns to dynamic `import('...')`.
 */
const dynamicImportRule = {
  meta: { type: 'problem', schema: [{ type: 'array' }] },
  create(context) {
    const patterns = (context.options[0] ?? []).map((p) => ({ re: new RegExp(p.regex), message: p.message }));
    const sourceText = (node) => {
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
      return null;
    };
    return {
      ImportExpression(node) {
        const source = sourceText(node.source);
        if (source === null) return;
        const hit = patterns.find((p) => p.re.test(source));
        if (hit) context.report({ node, message: hit.message });
      },
    };
  },
};
const layersPlugin = { rules: { 'no-wrong-way-dynamic-import': dynamicImportRule } };

const config = (files, patterns, extra) => ({
  files,
  plugins: { layers: layersPlugin },
  rules: {
    'no-restricted-imports': ['error', { patterns }],
    'layers/no-wrong-way-dynamic-import': ['error', patterns.filter((p) => p.regex)],
    ...extra,
  },
});

/** Files 1, 2, 3 folders below src/ (src/domain/x.ts is 1), then every deeper one. */
const DEPTHS = [
  [1, '*'],
  [2, '*/*'],
  [3, '*/*/*'],
  [4, '*/*/*/**/*'],
];

/**
 * The configs of one layer. A pattern made by `into` depends on the importing file's depth,
 * so `files` (each 'src/<layer>/**' + extension) is split by depth; `rule` returns an array.
 */
const rule = (files, patterns, extra = {}) => {
  if (!patterns.some((p) => p.regex?.depthRegex)) return [config(files, patterns, extra)];
  return DEPTHS.map(([depth, glob]) =>
    config(
      files.map((f) => f.replace('/**/*.', `/${glob}.`)),
      patterns.map((p) => (p.regex?.depthRegex ? { ...p, regex: p.regex.depthRegex(depth) } : p)),
      extra,
    ),
  );
};

export const layerRules = [
  rule(
    ['src/domain/**/*.{ts,tsx}'],
    [
      { group: REACT, message: msg('src/domain', 'React') },
      { group: DEXIE, message: msg('src/domain', 'Dexie') },
      { group: [...NETWORK, 'xstate'], message: msg('src/domain', 'network or state-machine libraries') },
      { regex: into('data', 'sync', 'backend', 'machines', 'features', 'routes', 'app', 'ui', 'styles', 'vision', 'wallet', 'flow', 'contracts'), message: msg('src/domain', 'another layer of src') },
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
      { regex: into('data', 'sync', 'backend', 'vision', 'wallet', 'flow', 'features', 'routes', 'app', 'ui', 'styles'), message: msg('src/machines', 'I/O, adapter or UI layers (side effects come in as provided actors)') },
    ],
  ),
  rule(
    ['src/contracts/**/*.{ts,tsx}'],
    [
      { group: [...new Set([...REACT, ...DEXIE, ...NETWORK, 'xstate'])], message: msg('src/contracts', 'React, Dexie, network or state-machine libraries') },
      { regex: into('data', 'sync', 'backend', 'machines', 'features', 'routes', 'app', 'ui', 'styles', 'vision', 'wallet', 'flow'), message: msg('src/contracts', 'another layer of src but domain') },
    ],
  ),
  rule(
    ['src/app/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/styles/**/*.{ts,tsx}'],
    [
      { regex: into('features', 'routes'), message: msg('src/app, ui and styles', 'features or routes') },
      { group: ['dexie-react-hooks'], message: ONE_LIVE_QUERY },
    ],
  ),
  rule(
    ['src/sync/**/*.{ts,tsx}'],
    [
      { regex: into('app', 'ui', 'styles', 'features', 'routes'), message: msg('src/sync', 'app, ui, styles, features or routes') },
      { group: ['dexie-react-hooks'], message: ONE_LIVE_QUERY },
    ],
  ),
  rule(
    ['src/data/**/*.{ts,tsx}'],
    [{ regex: into('sync', 'app', 'ui', 'styles', 'features', 'routes'), message: msg('src/data', 'sync, app, ui, styles, features or routes') }],
  ),
  rule(
    ['src/backend/**/*.{ts,tsx}'],
    [
      { regex: into('sync', 'app', 'ui', 'styles', 'features', 'routes'), message: msg('src/backend', 'sync, app, ui, styles, features or routes') },
      { group: ['dexie-react-hooks'], message: ONE_LIVE_QUERY },
    ],
  ),
  rule(
    ['src/vision/**/*.{ts,tsx}', 'src/wallet/**/*.{ts,tsx}', 'src/flow/**/*.{ts,tsx}'],
    [{ regex: into('data', 'sync', 'app', 'ui', 'styles', 'features', 'routes'), message: msg('src/vision, wallet and flow (adapters)', 'data, sync or UI layers') }],
  ),
  rule(
    ['sw/**/*.{ts,tsx}'],
    [
      { group: REACT, message: msg('sw/', 'React') },
      { regex: '^(\\.\\./)+src/(features|routes|app|ui|styles|machines|vision|wallet|flow|backend)(/|$)', message: msg('sw/', 'the page\'s layers (only src/sync, data, contracts and domain)') },
    ],
  ),
  rule(
    ['server/**/*.{ts,tsx}'],
    [
      { group: [...new Set([...REACT, ...DEXIE])], message: msg('server/', 'React or Dexie') },
      { regex: '^(\\.\\./)+(src/(?!(domain|contracts)(/|$))|sw(/|$))', message: msg('server/', 'the app or the service worker (only src/domain and src/contracts)') },
    ],
  ),
  rule(
    ['src/features/**/*.{ts,tsx}'],
    [
      // ../other/file (a sibling feature's module) or ../../features/other/file; index and CSS are fine.
      { regex: '^\\.\\./(?!\\.)[^/]+/(?!index$)[^/]+(?<!\\.css)$', message: 'A feature imports another feature only through its index.ts.' },
      { regex: '^(\\.\\./)+features/[^/]+/(?!index$)[^/]+(?<!\\.css)$', message: 'A feature imports another feature only through its index.ts.' },
      { regex: into('routes'), message: msg('src/features', 'routes') },
      { group: ['dexie-react-hooks'], message: ONE_LIVE_QUERY },
    ],
  ),
].flat();
