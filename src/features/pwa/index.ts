// The pwa feature's public surface: the update prompt and home's install hint. (Registering the service worker and
// holding an update back while a session runs are app services: src/app/serviceWorker.)
export { UpdatePrompt } from './UpdatePrompt';
export { InstallHint } from './InstallHint';
