// The pwa feature's public surface: the update prompt. (Registering the service worker and
// holding an update back while a session runs are app services: src/app/serviceWorker.)
export { UpdatePrompt } from './UpdatePrompt';
