// The errors feature's public surface: error pages and cards. Capturing and reporting
// errors is an app-wide service (src/app/errors); toasts are a primitive (src/ui/toast).
export { ErrorCard, SessionErrorCard, WalletIssueCard } from './ErrorCards';
export { NotFoundPage } from './NotFoundPage';
export { NeedsNetworkPage } from './NeedsNetworkPage';
