/**
 * Breathe together on the wire (server/together, docs/product.md § Breathe together): the
 * paths under /api and the answers' shapes, shared by the server (which builds them) and
 * the app's client (src/backend/api/togetherApi.ts). The request bodies' rules are zod schemas
 * in ./togetherSchemas.ts (kept apart so the page reading these types loads no zod).
 */
import type { LinkedPattern } from '../domain/links/patternLink';
import type { TogetherCreateBody, TogetherJoinBody } from './togetherSchemas';
import { endpoint, shape } from './endpoint';

export const TOGETHER_API = Object.freeze({
  /** The server's clock (no key needed, never cached). */
  time: endpoint('GET', '/time', shape<ServerTimeAnswer>()),
  /** A member starts a shared session. */
  start: endpoint('POST', '/together', shape<TogetherSessionAnswer, TogetherCreateBody>()),
  /** The host reads a session (its join count). */
  session: endpoint('GET', '/together/:id', shape<TogetherSessionAnswer>()),
  /** A device joins (counted once per device). */
  join: endpoint('POST', '/together/:id/join', shape<TogetherJoinAnswer, TogetherJoinBody>()),
});

/** GET /api/time: the server's clock when the request arrived and when the answer left. */
export interface ServerTimeAnswer {
  receivedAt: number;
  sentAt: number;
}

/** A shared session as the host reads it. */
export interface TogetherSession {
  id: string;
  startsAt: number;
  endsAt: number;
  cycles: number;
  joins: number;
  /** `/p/…`: the link that carries the session. */
  link: string;
}

/** POST /api/together's body, as the app sends it (checked by togetherSchemas.createSchema). */
export interface TogetherStartInput {
  pattern: LinkedPattern;
  cycles: number;
  startsInSeconds?: number;
}

/** POST /api/together and GET /api/together/:id answer with the session. */
interface TogetherSessionAnswer {
  session: TogetherSession;
}

/** POST /api/together/:id/join: whether this device's join was counted, and why not. */
interface TogetherJoinAnswer {
  counted: boolean;
  reason?: string;
}
