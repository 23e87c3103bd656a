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

/** Marks the types an endpoint carries; exists only for the type checker. */
declare const carries: unique symbol;

/**
 * One endpoint: its method and path, and (for the type checker only) what it answers and
 * what body it takes. The client's answer and body types come from here
 * (`apiCall(ep, …)` returns `AnswerOf<typeof ep>`), never from an assertion at the call.
 * `P` keeps the path's literal type (Hono reads its `:name` parameters from it).
 */
export interface Endpoint<Answer = unknown, Body = unknown, P extends string = string> {
  readonly method: ApiMethod;
  /** Under API_PREFIX, with Hono's `:name` for a path parameter. */
  readonly path: P;
  /** Never present at run time. */
  readonly [carries]?: { answer: Answer; body: Body };
}

/** What the endpoint answers (JSON). `void`: nothing to read. */
export type AnswerOf<E> = E extends Endpoint<infer A, unknown> ? A : never;
/** The body the endpoint takes. `undefined`: none. */
export type BodyOf<E> = E extends Endpoint<unknown, infer B> ? B : never;

/** The answer and body types of an endpoint (an empty object at run time). */
interface Shape<Answer, Body> {
  readonly [carries]?: { answer: Answer; body: Body };
}

/**
 * `shape<Answer, Body>()` names what an endpoint answers and takes: the shapes the server
 * builds and reads (request bodies are the server's zod schemas' types, `z.input`, imported
 * as types so no zod reaches the service worker). A GET takes no body.
 */
export const shape = <Answer, Body = undefined>(): Shape<Answer, Body> => ({});

/** `endpoint(method, path, shape<Answer, Body>())`; without a shape it answers `unknown`. */
export const endpoint = <const P extends string, Answer = unknown, Body = undefined>(
  method: ApiMethod,
  path: P,
  shapeOf?: Shape<Answer, Body>,
): Endpoint<Answer, Body, P> => {
  void shapeOf;
  return Object.freeze({ method, path });
};

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
