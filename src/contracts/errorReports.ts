/**
 * Error reports on the wire (docs/product.md § Errors): the endpoint under /api the page's
 * reporter posts to (src/backend/api/errorReportsApi.ts) and the server stores from
 * (server/api/handlers/errors.ts). The body's rules are zod schemas in
 * ./errorReportsSchemas.ts (the page imports only their types).
 */
import type { ErrorReportBatchBody } from './errorReportsSchemas';
import { endpoint, shape } from './endpoint';

export const ERROR_REPORTS_API = Object.freeze({
  /** One report or `{ reports: [...] }` (up to 50), with the public key or a user's token. */
  send: endpoint('POST', '/errors', shape<ErrorReportsAnswer, ErrorReportBatchBody>()),
});

/** POST /api/errors answers 202 with how many reports it took. */
export interface ErrorReportsAnswer {
  accepted: number;
}
