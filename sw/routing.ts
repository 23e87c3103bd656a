/** Pure URL rules of the service worker (unit-tested). */
export function isBackendPath(pathname: string): boolean {
  return /^\/(api|auth\/v1|rest\/v1)\//.test(pathname);
}

/** Optional assets cached on first use rather than at install. */
export function isHeavyAsset(pathname: string): boolean {
  return (
    /\.(wasm|tflite|binarypb|task|data)$/i.test(pathname) ||
    /\/assets\/[^/]*(charts|wallet-vendor|mediapipe)[^/]*\.js$/i.test(pathname)
  );
}
