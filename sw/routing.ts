/** Pure URL rules of the service worker (unit-tested). */
export function isBackendPath(pathname: string): boolean {
  return /^\/(api|auth\/v1|rest\/v1)\//.test(pathname);
}

/**
 * A file of the build's /assets/ folder (content-hashed, so never changed in place). The ones
 * the precache holds are answered by it; every other one is what the precache policy
 * (scripts/precache/precachePolicy.ts: wallets, Flow, charts, the camera model and its worker,
 * supabase-js, the community screens) loads on demand, cached on its first fetch.
 */
export function isOnDemandAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+\.[a-z0-9]+$/i.test(pathname);
}
