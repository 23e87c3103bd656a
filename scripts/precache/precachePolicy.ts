/**
 * What the service worker installs and what it caches on first use (docs/product.md § Sync,
 * README § Install size). ONE declared list decides both: ON_DEMAND names the modules of each
 * optional feature; the build (./precachePlugin.ts) leaves out of the precache every chunk that
 * holds one of them and every chunk only such chunks load, and the service worker caches any
 * other file under /assets/ when it is first fetched (sw/routing.ts). Everything else the
 * build makes is precached: the app shell, the pages, the first screens' chunks and what an
 * offline session needs.
 *
 * Nothing here is a file-name glob: each entry is a package or a source file, matched against
 * the modules Rolldown put in each chunk, and the build fails when an entry matches no chunk
 * (renamed, removed, or inlined elsewhere) or when a precached chunk needs an on-demand chunk
 * before it can run (a static import), which would break that screen offline.
 *
 * A feature's screens (`pages`) are on demand too: their prerendered pages are left out of the
 * precache (the build fails on a page it did not make) and the service worker answers them from
 * the network first, keeping the last copy, else with the app shell (sw/sw.ts).
 */

import { pageFileFor } from '../../src/contracts/pages';

export interface OnDemandFeature {
  /** What the user does with it (the report's and the errors' wording). */
  feature: string;
  /**
   * Packages (`ethers`, `@onflow/fcl`: any module of the package) and source files relative to
   * the project (`src/flow/loadFlowClient.ts`).
   */
  modules: readonly string[];
  /** The paths of the feature's own screens (`/community`), whose prerendered pages are not precached. */
  pages?: readonly string[];
}

/**
 * A route file's screen: TanStack Router's code splitting moves a route's component into a chunk
 * of its own (module `<file>?tsr-split=component`), while the route's definition stays in the
 * entry's route tree. Declaring the file itself would match the entry too.
 */
export function routeScreen(file: string): string {
  return `${file}?tsr-split=component`;
}

export const ON_DEMAND: readonly OnDemandFeature[] = [
  {
    feature: 'wallets (EVM, WalletConnect, Lens)',
    modules: [
      'ethers',
      '@walletconnect/modal',
      'src/features/wallet/WalletControl.tsx',
      'src/features/wallet/ProfileWallet.tsx',
      'src/features/wallet/actions.ts',
      'src/features/wallet/lensParts.ts',
    ],
  },
  {
    feature: 'pattern tokens (Flow)',
    modules: ['@onflow/fcl', 'src/flow/loadFlowClient.ts', 'src/features/tokens/CreatorMints.tsx'],
  },
  { feature: 'progress charts', modules: ['recharts'] },
  // Loaded when a signed-in device talks to the backend, which needs a connection; a failed
  // load offline is retried later (src/backend/supabaseClient.ts). Sessions, the outbox and
  // the history work without it.
  {
    feature: 'accounts and sync with the backend (supabase-js)',
    modules: ['@supabase/supabase-js'],
  },
  // The cache of server data the screens below read (TanStack Query); practice reads this
  // device's database instead. Signing out clears it only when it was loaded (src/app/auth/authStore.ts).
  {
    feature: 'server data cache (TanStack Query)',
    modules: ['@tanstack/query-core', '@tanstack/react-query'],
  },
  // Screens that show the community's data and need a connection to do anything.
  {
    feature: 'community feed and posting',
    modules: [
      'src/features/community/CommunityScreen.tsx',
      'src/features/share/CreatePostScreen.tsx',
    ],
    pages: ['/community', '/create-post'],
  },
  {
    feature: 'marketplace and creator hub',
    modules: [
      'src/features/marketplace/MarketplaceScreen.tsx',
      routeScreen('src/routes/marketplace.tsx'),
      routeScreen('src/routes/creator-dashboard.tsx'),
    ],
    pages: ['/marketplace', '/creator-dashboard'],
  },
  // The account's own page (the sync status it shows is also in the header's sync details, and
  // signing out in the menu, both precached).
  {
    feature: 'profile',
    modules: [routeScreen('src/routes/profile.tsx'), 'src/features/profile/ProfileScreen.tsx'],
    pages: ['/profile'],
  },
  {
    feature: 'courses and instructors',
    modules: [
      'src/features/instructor/CourseScreen.tsx',
      routeScreen('src/routes/courses/index.tsx'),
      routeScreen('src/routes/courses/$courseId.tsx'),
      routeScreen('src/routes/teach/courses/$courseId.tsx'),
      routeScreen('src/routes/instructors/$instructorId.tsx'),
      routeScreen('src/routes/instructor-onboarding.tsx'),
    ],
    pages: ['/courses', '/instructor-onboarding'],
  },
  // Asked for by name only: the desktop options (Settings > Advanced, on a desktop) and the
  // error screens' test page (a 404 in production builds unless a tester turns it on). The
  // first opening needs a connection; Settings says so offline (AdvancedSettings.tsx).
  {
    feature: 'desktop options and the error-test page',
    modules: [
      'src/features/desktop-panel/DesktopPanel.tsx',
      routeScreen('src/routes/error-test.tsx'),
    ],
    pages: ['/error-test'],
  },
  // A heart-rate strap's panel (Settings, where Web Bluetooth exists): the first opening needs
  // a connection; Settings says so offline (HeartStrapSettings.tsx).
  { feature: 'heart-rate strap', modules: ['src/features/heart/HeartStrapPanel.tsx'] },
  // The spoken cues in a language other than English (issue #45): the list of its recordings
  // loads when a session speaks that language; the recordings are never precached (WAV).
  {
    feature: 'spoken cues in other languages',
    modules: ['src/features/session/voiceLanguageFiles.ts'],
  },
  {
    feature: 'camera analysis (MediaPipe model and its worker)',
    modules: ['src/vision/camera/cameraRun.ts', 'virtual:pneuma-mediapipe-assets'],
  },
];

/** The prerendered pages of the declared features' screens (file in the build folder -> feature). */
export function onDemandPages(
  declared: readonly OnDemandFeature[] = ON_DEMAND,
): Map<string, string> {
  const pages = new Map<string, string>();
  for (const { feature, pages: paths = [] } of declared)
    for (const path of paths) pages.set(pageFileFor(path), feature);
  return pages;
}

/** One chunk of the build, as Rolldown reports it. */
export interface BuiltChunk {
  /** Path inside the build folder (assets/x-hash.js). */
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** Absolute module ids (node_modules paths, source paths, \0virtual ids). */
  moduleIds: readonly string[];
  code: string;
}

/** A file the build emitted that is not a chunk (worker bundles, wasm, models, the stylesheet). */
export interface BuiltAsset {
  fileName: string;
  /** The text of a JavaScript asset (a worker bundle names the files it loads), else ''. */
  text: string;
}

export interface PrecacheDecision {
  /** File (inside the build folder) -> the feature it is loaded on demand for. */
  onDemand: Map<string, string>;
  /** Why the build must stop (an entry that matches nothing, a precached chunk needing an on-demand one). */
  errors: string[];
}

/** Whether a module id is the declared package or source file. */
export function moduleMatches(id: string, declared: string): boolean {
  const full = id.replace(/\\/g, '/').replace(/^\0/, '');
  // A declaration with a query (routeScreen) names that module only.
  if (declared.startsWith('src/') && declared.includes('?'))
    return full.endsWith(`/${declared}`) || full === declared;
  const path = full.replace(/\?.*$/, '');
  if (declared.startsWith('src/')) return path.endsWith(`/${declared}`) || path === declared;
  if (declared.startsWith('virtual:')) return path === declared;
  return path.includes(`/node_modules/${declared}/`);
}

/**
 * The chunks and assets loaded on demand: chunks holding a declared module, chunks that only
 * those load (not reachable from an entry without passing through one), and emitted files
 * (workers, wasm, models) named only in such chunks' code.
 */
export function decidePrecache(
  chunks: readonly BuiltChunk[],
  assets: readonly BuiltAsset[],
  declared: readonly OnDemandFeature[] = ON_DEMAND,
): PrecacheDecision {
  const errors: string[] = [];
  const onDemand = new Map<string, string>();
  for (const { feature, modules } of declared) {
    for (const m of modules) {
      const holding = chunks.filter((c) => c.moduleIds.some((id) => moduleMatches(id, m)));
      if (holding.length === 0)
        errors.push(`${m} (${feature}) is declared on demand but no chunk of the build holds it`);
      for (const c of holding) if (!onDemand.has(c.fileName)) onDemand.set(c.fileName, feature);
    }
  }
  for (const c of chunks) {
    if (c.isEntry && onDemand.has(c.fileName))
      errors.push(
        `${c.fileName} is an entry of the app but holds on-demand code (${onDemand.get(c.fileName)}): declare a module of the lazily loaded part instead`,
      );
  }
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  // What the app can load without an on-demand chunk loading first.
  const reached = new Set<string>();
  const queue = chunks.filter((c) => c.isEntry && !onDemand.has(c.fileName)).map((c) => c.fileName);
  while (queue.length) {
    const file = queue.pop()!;
    if (reached.has(file)) continue;
    reached.add(file);
    const c = byFile.get(file);
    if (!c) continue;
    for (const next of c.imports) {
      const feature = onDemand.get(next);
      if (feature)
        errors.push(
          `${file} imports ${next} (${feature}) statically: it could not run offline before that feature was used`,
        );
      else queue.push(next);
    }
    for (const next of c.dynamicImports) if (!onDemand.has(next)) queue.push(next);
  }
  // Chunks only on-demand chunks load belong to the feature of one that loads them.
  for (const c of chunks) {
    if (reached.has(c.fileName) || onDemand.has(c.fileName)) continue;
    const loader = chunks.find(
      (o) =>
        onDemand.has(o.fileName) &&
        (o.imports.includes(c.fileName) || o.dynamicImports.includes(c.fileName)),
    );
    onDemand.set(
      c.fileName,
      loader ? onDemand.get(loader.fileName)! : 'loaded by on-demand code only',
    );
  }
  // Emitted files (worker bundles, wasm, models) go with the code that names them: one named
  // by the precached code (chunks, or worker bundles it names) is precached; one named only by
  // on-demand code is on demand too (one nothing names stays, as nothing says when it loads).
  const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
  const named = (file: string, texts: readonly string[]) =>
    texts.some((t) => t.includes(base(file)));
  const loaded = assets.filter((a) => /\.(m?js|wasm|tflite|task|binarypb|data)$/.test(a.fileName));
  const precachedTexts = chunks.filter((c) => reached.has(c.fileName)).map((c) => c.code);
  const needed = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const a of loaded) {
      if (needed.has(a.fileName) || !named(a.fileName, precachedTexts)) continue;
      needed.add(a.fileName);
      if (a.text) precachedTexts.push(a.text);
      grew = true;
    }
  }
  const onDemandTexts = [
    ...chunks.filter((c) => onDemand.has(c.fileName)),
    ...loaded.filter((a) => !needed.has(a.fileName)),
  ].map((o) => ({
    fileName: o.fileName,
    text: 'code' in o ? o.code : o.text,
  }));
  for (const a of loaded) {
    if (needed.has(a.fileName)) continue;
    const namer = onDemandTexts.find(
      (t) =>
        t.fileName !== a.fileName && t.text.includes(base(a.fileName)) && onDemand.has(t.fileName),
    );
    const anyNamer = onDemandTexts.some(
      (t) => t.fileName !== a.fileName && t.text.includes(base(a.fileName)),
    );
    if (anyNamer)
      onDemand.set(
        a.fileName,
        namer ? onDemand.get(namer.fileName)! : 'loaded by on-demand code only',
      );
  }
  return { onDemand, errors };
}
