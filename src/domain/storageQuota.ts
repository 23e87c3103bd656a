/**
 * How the server says a storage quota was reached (docs/product.md § Security, Quotas):
 * HTTP 413 with `code` 'PT413' on /rest/v1 (PostgREST's convention: SQLSTATE PTxyz is HTTP
 * xyz) or `error` 'storage_quota_reached' on /api, and a message written for the person
 * ("Storage quota reached: at most 100,000 sessions per account"). The quotas themselves are
 * rows of the database (supabase/migrations/20261127100100_storage_quotas.sql).
 */
export const STORAGE_QUOTA_SQLSTATE = 'PT413';
export const STORAGE_QUOTA_API_ERROR = 'storage_quota_reached';

/** True when an error body says a storage quota was reached. */
export function isStorageQuotaError(body: { code?: unknown; error?: unknown }): boolean {
  return body.code === STORAGE_QUOTA_SQLSTATE || body.error === STORAGE_QUOTA_API_ERROR;
}
