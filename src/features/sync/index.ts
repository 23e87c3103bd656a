// The sync feature's public surface for other features: the header's badge. The header
// puts this index in the first load, so the status panel and the guest-sessions prompt
// are not exported here: the profile and root routes compose them from their modules.
export { SyncBadge } from './SyncBadge';
