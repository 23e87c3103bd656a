export { ProgressScreen } from './ProgressScreen';
