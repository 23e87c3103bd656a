import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { copyFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The top-level manifest.webmanifest is the one source: copied into dist as it is. */
function topLevelManifest() {
  return {
    name: 'pneuma-manifest',
    apply: 'build' as const,
    writeBundle() {
      copyFileSync(resolve('manifest.webmanifest'), resolve('dist/manifest.webmanifest'));
    },
  };
}


export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    topLevelManifest(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest,woff2}'],
        // Heavy optional assets (wasm, camera models, wallet and token libraries, charts)
        // stay out of the precache; sw/sw.ts caches them at run time on first use.
        globIgnores: ['**/*wasm*', '**/*mediapipe*', '**/*fcl*', '**/*ethers*', '**/*wallet*', '**/*recharts*', '**/*charts*'],
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Name the heavy vendor chunks so the precache can leave them out and the size
        // budget can prove they are never part of the first load. The charts group takes
        // only the chart modules themselves (not their dependencies): otherwise React,
        // which recharts imports, is pulled into 'charts' and every screen would load it.
        codeSplitting: {
          groups: [
            {
              name: 'charts',
              test: (id: string) => id.includes('node_modules') && /recharts|d3-|victory-vendor/.test(id),
              includeDependenciesRecursively: false,
            },
            { name: 'wallet-vendor', test: (id: string) => id.includes('node_modules') && /@onflow|ethers/.test(id) },
            { name: 'mediapipe-vendor', test: (id: string) => id.includes('node_modules') && /@mediapipe/.test(id) },
          ],
        },
      },
    },
  },
  server: { port: 5173 },
});
