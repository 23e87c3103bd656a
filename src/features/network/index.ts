// The network feature's public surface: the offline banner. The status itself is an
// app-wide service (src/app/network).
export { OfflineNotice } from './OfflineNotice';
