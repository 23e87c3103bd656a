import type { PgErrorLike } from '../db/types';

/** PostgREST's error body. */
export interface PgrstError {
  status: number;
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const parseError = (
  message: string,
  details: string | null = null,
  hint: string | null = null,
) => new RestError(400, 'PGRST100', message, details, hint);

/**
 * HTTP status for a Postgres error, following PostgREST's table. Anything caused by
 * the request (bad value, constraint, unknown column, permission) is a 4xx.
 */
export function statusForPg(e: PgErrorLike, role: string): number {
  const code = e.code ?? '';
  // PostgREST's convention: a function raising SQLSTATE 'PTxyz' asks for HTTP status xyz
  // (the storage quotas raise PT413).
  const asked = /^PT([45]\d\d)$/.exec(code);
  if (asked) return Number(asked[1]);
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '40001' || code === '40P01') return 409;
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57')) return 503;
  if (code.startsWith('XX') || code.startsWith('58')) return 500;
  return 400;
}

export function fromPg(e: PgErrorLike, role: string): RestError {
  return new RestError(
    statusForPg(e, role),
    e.code ?? 'XX000',
    e.message,
    e.detail ?? null,
    e.hint ?? null,
  );
}
