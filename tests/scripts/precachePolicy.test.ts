/**
 * The precache policy (scripts/precache/precachePolicy.ts) on small chunk graphs shaped like
 * Rolldown's: declared modules and what only they load stay out of the precache, shared code
 * stays in, worker bundles follow the code that names them (also when two name each other),
 * and the build stops on a declaration that matches nothing, on an entry holding on-demand code
 * and on a precached chunk that imports on-demand code statically.
 *
 * Not proven here: that the real build's graph is read correctly (the plugin and `npm run size`
 * check the built service worker: no heavy library's fingerprint in the precache, under
 * 450 kB), nor that the screens work offline (e2e/foundation.spec.ts).
 */
import { describe, expect, it } from 'vitest';
import { decidePrecache, moduleMatches, ON_DEMAND, onDemandPages, routeScreen } from '../../scripts/precache/precachePolicy';
import type { BuiltAsset, BuiltChunk, OnDemandFeature } from '../../scripts/precache/precachePolicy';

const ROOT = '/work/app';
const chunk = (fileName: string, over: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  moduleIds: [],
  code: '',
  ...over,
});
const asset = (fileName: string, text = ''): BuiltAsset => ({ fileName, text });
const WALLETS: OnDemandFeature[] = [{ feature: 'wallets', modules: ['ethers', 'src/features/wallet/WalletControl.tsx'] }];

describe('precache policy', () => {
  it('matches packages by their node_modules folder and source files by path', () => {
    expect(moduleMatches(`${ROOT}/node_modules/ethers/lib.esm/abi/index.js`, 'ethers')).toBe(true);
    expect(moduleMatches(`${ROOT}/node_modules/ethers-extra/index.js`, 'ethers')).toBe(false);
    expect(moduleMatches(`${ROOT}/node_modules/@onflow/fcl/dist/fcl.module.js`, '@onflow/fcl')).toBe(true);
    expect(moduleMatches(`${ROOT}/src/features/wallet/WalletControl.tsx`, 'src/features/wallet/WalletControl.tsx')).toBe(true);
    expect(moduleMatches(`${ROOT}/src/features/wallet/WalletControl.tsx?tsr-split=component`, 'src/features/wallet/WalletControl.tsx')).toBe(true);
    expect(moduleMatches(`${ROOT}/src/features/wallet/OtherWalletControl.tsx`, 'src/features/wallet/WalletControl.tsx')).toBe(false);
    expect(moduleMatches('\0virtual:pneuma-mediapipe-assets', 'virtual:pneuma-mediapipe-assets')).toBe(true);
  });

  it('leaves out chunks holding a declared module and what only they load; keeps what others load too', () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, dynamicImports: ['assets/WalletControl.js', 'assets/session.js'], moduleIds: [`${ROOT}/src/main.tsx`] }),
      chunk('assets/WalletControl.js', { imports: ['assets/walletVendor.js', 'assets/shared.js'], moduleIds: [`${ROOT}/src/features/wallet/WalletControl.tsx`] }),
      chunk('assets/walletVendor.js', { dynamicImports: ['assets/qr.js'], moduleIds: [`${ROOT}/node_modules/@walletconnect/modal/dist/index.js`] }),
      chunk('assets/qr.js', { moduleIds: [`${ROOT}/node_modules/qrcode/lib/index.js`] }),
      chunk('assets/ethers.js', { moduleIds: [`${ROOT}/node_modules/ethers/lib.esm/index.js`] }),
      chunk('assets/session.js', { imports: ['assets/shared.js'], moduleIds: [`${ROOT}/src/routes/session.tsx`] }),
      chunk('assets/shared.js', { moduleIds: [`${ROOT}/src/ui/Dialog.tsx`] }),
    ];
    const d = decidePrecache(chunks, [], WALLETS);
    expect(d.errors).toEqual([]);
    expect([...d.onDemand.keys()].sort()).toEqual(['assets/WalletControl.js', 'assets/ethers.js', 'assets/qr.js', 'assets/walletVendor.js']);
    expect(d.onDemand.get('assets/qr.js')).toBe('wallets');
  });

  it('sends worker bundles and model files with the code that names them, also when two name each other', () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, dynamicImports: ['assets/cameraRun.js', 'assets/session.js'], moduleIds: [`${ROOT}/src/main.tsx`] }),
      chunk('assets/cameraRun.js', { moduleIds: [`${ROOT}/src/vision/camera/cameraRun.ts`], code: 'new Worker(new URL(`/assets/frameWorker-1.js`, import.meta.url))' }),
      chunk('assets/session.js', { moduleIds: [`${ROOT}/src/routes/session.tsx`], code: 'new Worker(new URL(`/assets/timerWorker-2.js`))' }),
    ];
    const assets = [
      asset('assets/frameWorker-1.js', 'import(`./detector-3.js`)'),
      asset('assets/detector-3.js', 'fetch(`model-4.tflite`); // built with frameWorker-1.js'),
      asset('assets/model-4.tflite'),
      asset('assets/timerWorker-2.js', 'postMessage(1)'),
      asset('assets/style.css'),
    ];
    const d = decidePrecache(chunks, assets, [{ feature: 'camera', modules: ['src/vision/camera/cameraRun.ts'] }]);
    expect(d.errors).toEqual([]);
    expect([...d.onDemand.keys()].sort()).toEqual(['assets/cameraRun.js', 'assets/detector-3.js', 'assets/frameWorker-1.js', 'assets/model-4.tflite']);
  });

  it('stops the build on a declaration that matches nothing, an entry holding on-demand code and a static import of it', () => {
    const chunks = [
      chunk('assets/index.js', { isEntry: true, imports: ['assets/charts.js'], dynamicImports: ['assets/progress.js'], moduleIds: [`${ROOT}/src/main.tsx`, `${ROOT}/node_modules/ethers/lib.esm/index.js`] }),
      chunk('assets/progress.js', { imports: ['assets/charts.js'], moduleIds: [`${ROOT}/src/routes/progress.tsx`] }),
      chunk('assets/charts.js', { moduleIds: [`${ROOT}/node_modules/recharts/es6/index.js`] }),
    ];
    const d = decidePrecache(chunks, [], [
      { feature: 'wallets', modules: ['ethers', '@walletconnect/modal'] },
      { feature: 'charts', modules: ['recharts'] },
    ]);
    expect(d.errors).toHaveLength(2);
    expect(d.errors.join('\n')).toMatch(/@walletconnect\/modal \(wallets\) is declared on demand but no chunk/);
    expect(d.errors.join('\n')).toMatch(/assets\/index\.js is an entry of the app but holds on-demand code \(wallets\)/);
    const fixed = decidePrecache(chunks.map((c) => (c.isEntry ? { ...c, imports: [], moduleIds: [`${ROOT}/src/main.tsx`] } : c)), [], [{ feature: 'charts', modules: ['recharts'] }]);
    expect(fixed.errors).toEqual(['assets/progress.js imports assets/charts.js (charts) statically: it could not run offline before that feature was used']);
  });

  it("names a route's split screen without the route's definition, which stays in the entry", () => {
    const screen = routeScreen('src/routes/courses/index.tsx');
    expect(moduleMatches(`${ROOT}/src/routes/courses/index.tsx?tsr-split=component`, screen)).toBe(true);
    expect(moduleMatches(`${ROOT}/src/routes/courses/index.tsx`, screen)).toBe(false);
    const chunks = [
      chunk('assets/index.js', { isEntry: true, dynamicImports: ['assets/courses.js'], moduleIds: [`${ROOT}/src/main.tsx`, `${ROOT}/src/routes/courses/index.tsx`] }),
      chunk('assets/courses.js', { imports: ['assets/instructor.js'], moduleIds: [`${ROOT}/src/routes/courses/index.tsx?tsr-split=component`] }),
      chunk('assets/instructor.js', { moduleIds: [`${ROOT}/src/features/instructor/CourseScreen.tsx`] }),
    ];
    const onlyFeature = [{ feature: 'courses', modules: ['src/features/instructor/CourseScreen.tsx'] }];
    // Declaring the feature alone leaves its route's screen importing it statically: refused.
    expect(decidePrecache(chunks, [], onlyFeature).errors).toEqual([
      'assets/courses.js imports assets/instructor.js (courses) statically: it could not run offline before that feature was used',
    ]);
    const d = decidePrecache(chunks, [], [{ feature: 'courses', modules: ['src/features/instructor/CourseScreen.tsx', screen] }]);
    expect(d.errors).toEqual([]);
    expect([...d.onDemand.keys()].sort()).toEqual(['assets/courses.js', 'assets/instructor.js']);
  });

  it("leaves out the pages of the declared features' screens, and no practice page", () => {
    const pages = onDemandPages([{ feature: 'courses', modules: [], pages: ['/courses', '/teach/courses/'] }]);
    expect([...pages]).toEqual([
      ['courses.html', 'courses'],
      ['teach/courses.html', 'courses'],
    ]);
    const declared = [...onDemandPages(ON_DEMAND).keys()];
    expect(declared).toEqual(expect.arrayContaining(['community.html', 'marketplace.html', 'courses.html']));
    for (const practice of ['index.html', 'patterns.html', 'progress.html', 'session.html', 'session/classic.html', 'results.html', 'create.html', 'programs.html', 'settings.html']) {
      expect(declared).not.toContain(practice);
    }
  });
});

