/**
 * The build's flags that sync reads (also in the service worker's typecheck, which has no
 * vite/client types): vite.config.ts defines PNEUMA_SERVICE_WORKER in the worker's build.
 */
interface ImportMetaEnv {
  readonly PNEUMA_SERVICE_WORKER?: boolean;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
