import { describe, expect, it } from 'vitest';
import { isBackendPath, isHeavyAsset } from '../../sw/routing';

describe('service worker routing rules', () => {
  it('never treats backend calls as app navigations', () => {
    expect(isBackendPath('/api/health')).toBe(true);
    expect(isBackendPath('/auth/v1/token')).toBe(true);
    expect(isBackendPath('/rest/v1/sessions')).toBe(true);
    expect(isBackendPath('/auth')).toBe(false);
    expect(isBackendPath('/patterns')).toBe(false);
  });
  it('caches heavy optional assets on first use', () => {
    expect(isHeavyAsset('/assets/charts-abc123.js')).toBe(true);
    expect(isHeavyAsset('/assets/wallet-vendor-abc.js')).toBe(true);
    expect(isHeavyAsset('/mediapipe/vision_wasm_internal.wasm')).toBe(true);
    expect(isHeavyAsset('/assets/index-abc.js')).toBe(false);
    expect(isHeavyAsset('/icons/icon-192.png')).toBe(false);
  });
});
