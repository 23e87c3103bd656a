import { describe, expect, it } from 'vitest';
import { deriveNetworkStatus } from '../../src/domain/networkStatus';

describe('network status: online, slow (2g, slow-2g) or offline', () => {
  it.each([
    [{ browserOnline: true, backendReachable: true }, 'online'],
    [{ browserOnline: true, backendReachable: null }, 'online'],
    [{ browserOnline: false, backendReachable: true }, 'offline'],
    [{ browserOnline: true, backendReachable: false }, 'offline'],
    [{ browserOnline: true, backendReachable: true, effectiveType: '2g' }, 'slow'],
    [{ browserOnline: true, backendReachable: true, effectiveType: 'slow-2g' }, 'slow'],
    [{ browserOnline: true, backendReachable: true, effectiveType: '3g' }, 'online'],
    [{ browserOnline: false, backendReachable: true, effectiveType: '2g' }, 'offline'],
  ] as const)('%o -> %s', (inputs, status) => {
    expect(deriveNetworkStatus(inputs)).toBe(status);
  });
});
