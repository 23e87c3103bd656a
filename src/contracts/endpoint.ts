/**
 * One endpoint of the app's own API: its method and its path under /api, written once in
 * the concept's contract (./instructor.ts, ./wallet.ts, …). The server registers its route
 * with it (`app.on(ep.method, ep.path, …)`, Hono's `:name` parameters) and the app's client
 * (src/backend/api/apiCall.ts) calls it with the parameters filled in (`apiPath`).
 * tests/server/apiContracts.test.ts checks the server serves every endpoint and nothing else
 * under /api. Pure: no zod, so the page and the service worker read it freely.
 */

/** Where the app's own API lives on the backend's origin. */
export const API_PREFIX = '/api';

type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint<P extends string = string> {
  readonly method: ApiMethod;
  /** Under API_PREFIX, with Hono's `:name` for a path parameter. */
  readonly path: P;
}

export const endpoint = <const P extends string>(method: ApiMethod, path: P): Endpoint<P> =>
  Object.freeze({ method, path });

/** The path with each `:name` replaced by its value (URI-encoded); a missing value throws. */
export function apiPath(path: string, params: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for :${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** A path under a concept's own mount point (a sub-app mounted at /api + base): '' is '/'. */
export function pathWithin(base: string, path: string): string {
  if (!path.startsWith(base)) throw new Error(`${path} is not under ${base}`);
  return path.slice(base.length) || '/';
}
