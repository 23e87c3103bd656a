export { pullChanges } from './pullChanges';
