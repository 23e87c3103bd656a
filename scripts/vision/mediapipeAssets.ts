/**
 * The camera analysis' MediaPipe files, served from the app's own origin (nothing is
 * downloaded from anywhere else at run time; docs/product.md § Vision):
 * - the Tasks Vision wasm and its ES-module loader from @mediapipe/tasks-vision;
 * - the short-range face detector shipped by @mediapipe/face_detection, with the TFLite
 *   metadata Tasks Vision needs written into it at build time (./tfliteMetadata.ts).
 * The app imports their URLs from `virtual:pneuma-mediapipe-assets`. In a build they are
 * emitted as assets named mediapipe-*: the service worker leaves them out of the precache
 * and caches them on first use. The dev server serves them from memory.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { attachMetadata, imageInputMetadata } from './tfliteMetadata';

export const MEDIAPIPE_ASSETS_ID = 'virtual:pneuma-mediapipe-assets';
const RESOLVED_ID = `\0${MEDIAPIPE_ASSETS_ID}`;
const DEV_PREFIX = '/@pneuma-mediapipe/';

const require = createRequire(import.meta.url);
/** The installed package's folder (found from its entry; both packages restrict their exports). */
export function packageDir(name: string): string {
  let dir = dirname(require.resolve(name));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${require.resolve(name)}`);
    dir = up;
  }
  return dir;
}

/** The face model with its input described: RGB 128x128, scaled to [-1, 1]. */
export function faceDetectorModel(): Buffer {
  const model = readFileSync(
    join(packageDir('@mediapipe/face_detection'), 'face_detection_short_range.tflite'),
  );
  const metadata = imageInputMetadata({
    name: 'face_detection_short_range',
    mean: [127.5],
    std: [127.5],
    width: 128,
    height: 128,
  });
  return attachMetadata(model, metadata);
}

interface Asset {
  /** The export name in the virtual module. */
  key: 'wasmLoaderPath' | 'wasmBinaryPath' | 'faceModelPath';
  name: string;
  source: () => Buffer;
}

const wasmFile = (file: string) => () =>
  readFileSync(join(packageDir('@mediapipe/tasks-vision'), 'wasm', file));

const ASSETS: Asset[] = [
  {
    key: 'wasmLoaderPath',
    name: 'mediapipe-vision_wasm_module_internal.js',
    source: wasmFile('vision_wasm_module_internal.js'),
  },
  {
    key: 'wasmBinaryPath',
    name: 'mediapipe-vision_wasm_module_internal.wasm',
    source: wasmFile('vision_wasm_module_internal.wasm'),
  },
  {
    key: 'faceModelPath',
    name: 'mediapipe-face_detection_short_range.tflite',
    source: faceDetectorModel,
  },
];

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.tflite': 'application/octet-stream',
};

export function mediapipeAssets(): Plugin {
  let serve = false;
  return {
    name: 'pneuma-mediapipe-assets',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === MEDIAPIPE_ASSETS_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      return ASSETS.map((a) => {
        if (serve) return `export const ${a.key} = ${JSON.stringify(DEV_PREFIX + a.name)};`;
        const ref = this.emitFile({ type: 'asset', name: a.name, source: a.source() });
        return `export const ${a.key} = import.meta.ROLLUP_FILE_URL_${ref};`;
      }).join('\n');
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const asset = req.url?.startsWith(DEV_PREFIX)
          ? ASSETS.find((a) => req.url === DEV_PREFIX + a.name)
          : undefined;
        if (!asset) return next();
        res.setHeader(
          'Content-Type',
          CONTENT_TYPES[asset.name.slice(asset.name.lastIndexOf('.'))] ??
            'application/octet-stream',
        );
        res.end(asset.source());
      });
    },
  };
}
