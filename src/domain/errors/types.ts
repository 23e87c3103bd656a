/**
 * The error vocabulary (docs/product.md § Errors): categories, severities and recoveries.
 * Pure data: no React, no I/O.
 */

export type ErrorCategory =
  | 'network'
  | 'authentication'
  | 'authorization'
  | 'validation'
  | 'camera'
  | 'wallet'
  | 'session'
  | 'ai'
  | 'storage'
  | 'unknown';

const ERROR_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type ErrorSeverity = (typeof ERROR_SEVERITIES)[number];

/**
 * What the user (or the app) can do about an error:
 * - retry: run the failed operation again (a Retry / Try Again button);
 * - user_action: the user must do something first (sign in, allow the camera, check the wallet);
 * - refresh: reload the page;
 * - fallback: carry on in a degraded mode (no camera, canned AI result); nothing blocks.
 */
export type ErrorRecovery = 'retry' | 'user_action' | 'refresh' | 'fallback';

/** Severity order, lowest first. */
function severityRank(severity: ErrorSeverity): number {
  return ERROR_SEVERITIES.indexOf(severity);
}

/** The higher of two severities. */
export function maxSeverity(a: ErrorSeverity, b: ErrorSeverity): ErrorSeverity {
  return severityRank(a) >= severityRank(b) ? a : b;
}
