import { describe, expect, it } from 'vitest';
import { isBackendPath, isOnDemandAsset } from '../../sw/routing';

describe('service worker routing rules', () => {
  it('never treats backend calls as app navigations', () => {
    expect(isBackendPath('/api/health')).toBe(true);
    expect(isBackendPath('/auth/v1/token')).toBe(true);
    expect(isBackendPath('/rest/v1/sessions')).toBe(true);
    expect(isBackendPath('/auth')).toBe(false);
    expect(isBackendPath('/patterns')).toBe(false);
  });
  it('caches the build\'s files that are not precached on first use (the precache answers the rest first)', () => {
    expect(isOnDemandAsset('/assets/WalletControl-Cafe62vG.js')).toBe(true);
    expect(isOnDemandAsset('/assets/mediapipe-vision_wasm_module_internal-3CmJfNd5.wasm')).toBe(true);
    expect(isOnDemandAsset('/assets/mediapipe-face_detection_short_range-BlmoxPGx.tflite')).toBe(true);
    expect(isOnDemandAsset('/icons/icon-192.png')).toBe(false);
    expect(isOnDemandAsset('/assets/')).toBe(false);
    expect(isOnDemandAsset('/assets/sub/x.js')).toBe(false);
    expect(isOnDemandAsset('/patterns')).toBe(false);
  });
});
