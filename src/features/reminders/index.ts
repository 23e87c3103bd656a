export { RemindersPanel } from './RemindersPanel';
export { disablePush } from './pushClient';
