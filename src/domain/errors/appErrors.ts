import { ERROR_TEXT } from './messages';
import { categoryForStatus, isClientStatus } from './statusLadder';
import type { ErrorCategory, ErrorSeverity } from './types';

/**
 * Typed errors thrown by the app's own code. The classifier reads their type first,
 * so a typed error never depends on its message wording.
 */

export interface AppErrorOptions {
  category?: ErrorCategory;
  severity?: ErrorSeverity;
  /** Machine-readable code, e.g. an EIP-1193 code or an HTTP status. */
  code?: string | number;
  /** A message already fit for users (e.g. a validation rule's message). */
  userMessage?: string;
  cause?: unknown;
}

export class AppError extends Error {
  readonly category?: ErrorCategory;
  readonly severity?: ErrorSeverity;
  readonly code?: string | number;
  readonly userMessage?: string;

  constructor(message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.category = options.category;
    this.severity = options.severity;
    this.code = options.code;
    this.userMessage = options.userMessage;
  }
}

/** The request never got an answer: offline, DNS, connection refused, CORS. */
export class NetworkError extends AppError {
  constructor(message = 'Network request failed', cause?: unknown) {
    super(message, { category: 'network', cause });
    this.name = 'NetworkError';
  }
}

/** An attempt took longer than its time limit ('Operation timeout'). */
export class TimeoutError extends AppError {
  readonly timeoutMs?: number;
  constructor(timeoutMs?: number, message: string = ERROR_TEXT.operationTimeout) {
    super(message, { category: 'network' });
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The camera did not start within its 10 s limit; reads as 'camera 10 s timeout'. */
export class CameraTimeoutError extends AppError {
  constructor(timeoutMs = 10_000) {
    super(`Camera access timed out after ${timeoutMs} ms`, { category: 'camera' });
    this.name = 'CameraTimeoutError';
  }
}

/** The caller cancelled ('Operation aborted'). Never retried, never reported. */
export class AbortedError extends AppError {
  constructor(message: string = ERROR_TEXT.operationAborted) {
    super(message, { category: 'network', severity: 'low' });
    this.name = 'AbortedError';
  }
}

/** The circuit breaker refused the call ('Circuit breaker is open'). */
export class CircuitOpenError extends AppError {
  readonly service?: string;
  constructor(service?: string) {
    super(ERROR_TEXT.circuitOpen, { category: 'network' });
    this.name = 'CircuitOpenError';
    this.service = service;
  }
}

/** The server answered with a non-2xx status. */
export class HttpError extends AppError {
  readonly status: number;
  readonly url?: string;
  /** The parsed body, when the server sent one. */
  readonly body?: unknown;
  constructor(status: number, message?: string, options: { url?: string; body?: unknown } = {}) {
    super(message ?? `Request failed with status ${status}`, {
      category: categoryForStatus(status) ?? 'unknown',
      code: status,
    });
    this.name = 'HttpError';
    this.status = status;
    this.url = options.url;
    this.body = options.body;
  }
}

/**
 * True for an HTTP 4xx answer: the request helper and the query cache never retry one
 * (docs/product.md § Backend; 408 and 429 included, unlike sync's ladder, which waits for its
 * next run: ./statusLadder.ts isClientStatus).
 */
export function isClientHttpError(error: unknown): boolean {
  const status = statusOf(error);
  return status !== undefined && isClientStatus(status);
}

/** The HTTP status carried by an error, if any (HttpError or a `{ status }` shaped error). */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof HttpError) return error.status;
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && Number.isInteger(status)) return status;
  }
  return undefined;
}
