export { SharingPrompt, DISMISSED_PROMPTS_KEY } from './SharingPrompt';
