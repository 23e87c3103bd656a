export { SharingPrompt } from './SharingPrompt';
