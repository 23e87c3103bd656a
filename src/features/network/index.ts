export { OfflineNotice } from './OfflineNotice';
export { useNetworkStatus } from './useNetworkStatus';
export {
  getNetworkSnapshot,
  getNetworkStatus,
  recheckNetwork,
  startNetworkMonitoring,
  subscribeNetworkStatus,
  type NetworkSnapshot,
} from './networkStore';
export type { NetworkStatus } from '../../domain/networkStatus';
