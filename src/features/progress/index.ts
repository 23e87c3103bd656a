export { ProgressScreen, PROGRESS_HEADING } from './ProgressScreen';
