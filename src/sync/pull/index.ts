export { pullChanges, PULL_PAGE_SIZE } from './pullChanges';
export { emptyPullResult, type PullResult, type PullStatus } from './pullResult';
