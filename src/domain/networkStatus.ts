/**
 * Network status (docs/product.md § Errors): online, slow (2g / slow-2g), offline. Pure:
 * the browser's online flag, the connection's effective type and the backend health feed
 * it.
 */

export type NetworkStatus = 'online' | 'slow' | 'offline';

export interface NetworkInputs {
  /** navigator.onLine */
  browserOnline: boolean;
  /** navigator.connection.effectiveType, when the browser has it */
  effectiveType?: string;
  /** Last health answer: true reachable, false unreachable, null not checked yet. */
  backendReachable: boolean | null;
}

const SLOW_CONNECTION_TYPES: readonly string[] = ['slow-2g', '2g'];

export function deriveNetworkStatus(inputs: NetworkInputs): NetworkStatus {
  if (!inputs.browserOnline || inputs.backendReachable === false) return 'offline';
  if (inputs.effectiveType && SLOW_CONNECTION_TYPES.includes(inputs.effectiveType)) return 'slow';
  return 'online';
}
