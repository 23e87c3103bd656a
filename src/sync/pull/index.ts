export { pullChanges, PULL_PAGE_SIZE } from './pullChanges';
