export { RemindersPanel } from './RemindersPanel';
