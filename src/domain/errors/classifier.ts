import {
  AppError,
  CircuitOpenError,
  HttpError,
  NetworkError,
  TimeoutError,
  statusOf,
} from './appErrors';
import { ERROR_CASES, type ErrorCase } from './messages';
import { categoryForStatus } from './statusLadder';
import type { ErrorCategory, ErrorRecovery, ErrorSeverity } from './types';

/**
 * The error classifier (docs/product.md § Errors): infers the category of any thrown value
 * (its type first, its message text second), then its severity, recovery and user message.
 */

export interface ClassifiedError {
  category: ErrorCategory;
  severity: ErrorSeverity;
  recovery: ErrorRecovery;
  /** The case of the error catalogue (./messages) the error falls in. */
  errorCase: ErrorCase;
  /** The calm, user-facing text. */
  userMessage: string;
  /** Label of the action button the case offers ('Retry', 'Check Camera', ...), if any. */
  action?: string;
  /** Technical details, for logs only (never shown as the main text). */
  name: string;
  message: string;
  stack?: string;
  code?: string | number;
  /** How the category was found: from the error's type, its message text, or neither. */
  inferredFrom: 'type' | 'message' | 'none';
}

export interface ClassifyOptions {
  /**
   * The failure happened while starting the camera inside a session, which goes on
   * without tracking: an unrecognised camera failure reads 'Continuing without camera
   * tracking' (the 'camera other' row) instead of the default camera row.
   */
  cameraContinues?: boolean;
}

interface Normalized {
  name: string;
  message: string;
  stack?: string;
  code?: string | number;
  status?: number;
}

function normalize(error: unknown): Normalized {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      name: error.name || 'Error',
      message: error.message ?? '',
      stack: error.stack,
      code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
      status: statusOf(error),
    };
  }
  if (typeof error === 'string') return { name: 'Error', message: error };
  if (typeof error === 'object' && error !== null) {
    const e = error as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown };
    return {
      name: typeof e.name === 'string' ? e.name : 'Error',
      message: typeof e.message === 'string' ? e.message : safeStringify(error),
      stack: typeof e.stack === 'string' ? e.stack : undefined,
      code: typeof e.code === 'string' || typeof e.code === 'number' ? e.code : undefined,
      status: statusOf(error),
    };
  }
  if (error === undefined || error === null) return { name: 'Error', message: 'Unknown error' };
  return { name: 'Error', message: String(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Messages browsers give a `fetch` that never reached the server. */
const FETCH_FAILURE =
  /^(failed to fetch|networkerror when attempting to fetch resource\.?|load failed|network request failed|fetch failed)$/i;

const CAMERA_DOM_NAMES = new Set([
  'NotReadableError',
  'TrackStartError',
  'OverconstrainedError',
  'ConstraintNotSatisfiedError',
  'DevicesNotFoundError',
  'PermissionDeniedError',
  'CameraTimeoutError',
]);
/** getUserMedia's NotAllowedError/NotFoundError messages (other APIs share these names). */
const MEDIA_WORDS =
  /\b(camera|video|media|device|getusermedia)\b|^permission (denied|dismissed)\.?$/i;

const STORAGE_NAMES = new Set([
  'QuotaExceededError',
  'DatabaseClosedError',
  'OpenFailedError',
  'UpgradeError',
  'VersionError',
  'MissingAPIError',
  'ConstraintError',
  'ReadOnlyError',
  'TransactionInactiveError',
  'DataCloneError',
]);

/** EIP-1193 and ethers codes. */
const WALLET_REJECTED_CODES = new Set<string | number>([4001, 'ACTION_REJECTED']);
const WALLET_CODES = new Set<string | number>([
  4100,
  4200,
  4900,
  4901,
  4902,
  'INSUFFICIENT_FUNDS',
  'CALL_EXCEPTION',
]);

function categoryFromType(e: Normalized, error: unknown): ErrorCategory | undefined {
  if (error instanceof AppError && error.category) return error.category;
  if (CAMERA_DOM_NAMES.has(e.name)) return 'camera';
  if ((e.name === 'NotAllowedError' || e.name === 'NotFoundError') && MEDIA_WORDS.test(e.message)) {
    return 'camera';
  }
  if (e.name === 'NotAllowedError' && e.message === '') return 'camera';
  if (e.code !== undefined && (WALLET_REJECTED_CODES.has(e.code) || WALLET_CODES.has(e.code)))
    return 'wallet';
  if (e.code === 'NETWORK_ERROR' || e.code === 'TIMEOUT' || e.code === 'ECONNREFUSED')
    return 'network';
  if (e.name === 'TypeError' && FETCH_FAILURE.test(e.message.trim())) return 'network';
  if (e.name === 'AbortError' || e.name === 'TimeoutError') return 'network';
  if (e.name === 'AuthRetryableFetchError') return 'network';
  if (/^Auth[A-Za-z]*Error$/.test(e.name)) return 'authentication';
  if (STORAGE_NAMES.has(e.name)) return 'storage';
  if (e.name === 'ZodError' || e.name === 'ValidationError') return 'validation';
  if (e.status !== undefined) return categoryForStatus(e.status);
  return undefined;
}

/** Message-text rules, tried in order: the first match wins. */
const TEXT_RULES: ReadonlyArray<[ErrorCategory, RegExp]> = [
  [
    'camera',
    /\b(camera|webcam|getusermedia|media ?devices?|video (source|device|track)|track start)\b/i,
  ],
  [
    'wallet',
    /\b(wallet|transaction|insufficient funds|user rejected|user denied|metamask|addchain|chain \d+|flow (client|blockchain|account|initialization|wallet)|fcl|nft|signature|connected account|address provided|lens)\b/i,
  ],
  [
    'authentication',
    /\b(auth|authentication|authenticated|unauthori[sz]ed|sign ?in|log ?in|jwt|refresh token|access token|session expired|invalid credentials|invalid login)\b/i,
  ],
  [
    'authorization',
    /\b(forbidden|permission denied|not permitted|access denied|row-level security|insufficient (permissions|privileges))\b/i,
  ],
  ['ai', /\b(ai|openai|anthropic|gemini|llm|vision|model)\b/i],
  [
    'network',
    /\b(network|fetch|offline|timeout|timed out|connection|connect|econnrefused|econnreset|enotfound|circuit breaker|socket|dns|unreachable)\b/i,
  ],
  ['storage', /\b(storage|indexeddb|idb|quota|dexie|database|localstorage)\b/i],
  ['session', /\bsession\b/i],
  [
    'validation',
    /\b(invalid|validation|required|must be|must have|too long|too short|out of range|malformed)\b/i,
  ],
];

function categoryFromText(message: string): ErrorCategory | undefined {
  for (const [category, pattern] of TEXT_RULES) {
    if (pattern.test(message)) return category;
  }
  return undefined;
}

/** Severity rules: type and reference errors critical; authentication high; ai low. */
export function severityFor(
  category: ErrorCategory,
  name: string,
  explicit?: ErrorSeverity,
): ErrorSeverity {
  if (explicit) return explicit;
  if (name === 'TypeError' || name === 'ReferenceError') return 'critical';
  switch (category) {
    case 'authentication':
    case 'authorization':
    case 'session':
    case 'storage':
      return 'high';
    case 'ai':
    case 'validation':
      return 'low';
    default:
      return 'medium';
  }
}

function caseFor(
  category: ErrorCategory,
  e: Normalized,
  error: unknown,
  options: ClassifyOptions,
): ErrorCase {
  switch (category) {
    case 'network': {
      const transport =
        error instanceof NetworkError ||
        error instanceof TimeoutError ||
        error instanceof CircuitOpenError ||
        error instanceof HttpError ||
        (e.name === 'TypeError' && FETCH_FAILURE.test(e.message.trim())) ||
        e.name === 'AuthRetryableFetchError' ||
        e.name === 'TimeoutError' ||
        e.status !== undefined;
      return transport ? 'network.error' : 'network.default';
    }
    case 'camera': {
      const text = e.message;
      if (
        e.name === 'NotAllowedError' ||
        e.name === 'PermissionDeniedError' ||
        /\b(denied|not allowed|dismissed)\b/i.test(text)
      ) {
        return 'camera.denied';
      }
      if (
        e.name === 'NotFoundError' ||
        e.name === 'DevicesNotFoundError' ||
        e.name === 'OverconstrainedError' ||
        e.name === 'ConstraintNotSatisfiedError' ||
        /\b(no camera|not found|no (video )?device)\b/i.test(text)
      ) {
        return 'camera.none';
      }
      if (
        e.name === 'NotReadableError' ||
        e.name === 'TrackStartError' ||
        /\b(in use|could not start video source|busy)\b/i.test(text)
      ) {
        return 'camera.in_use';
      }
      if (e.name === 'CameraTimeoutError' || /\b(timed out|timeout)\b/i.test(text))
        return 'camera.timeout';
      return options.cameraContinues ? 'camera.other' : 'camera.default';
    }
    case 'wallet': {
      if (
        (e.code !== undefined && WALLET_REJECTED_CODES.has(e.code)) ||
        /\b(user rejected|user denied|rejected|cancelled by user|canceled by user)\b/i.test(
          e.message,
        )
      ) {
        return 'wallet.rejected';
      }
      if (e.code === 'INSUFFICIENT_FUNDS' || /\binsufficient (funds|balance)\b/i.test(e.message)) {
        return 'wallet.insufficient';
      }
      return 'wallet.default';
    }
    case 'session':
      return 'session';
    case 'authentication':
      return 'authentication';
    default:
      return 'other';
  }
}

function recoveryFor(category: ErrorCategory, errorCase: ErrorCase): ErrorRecovery {
  if (errorCase !== 'other') return ERROR_CASES[errorCase].recovery;
  switch (category) {
    case 'ai':
      return 'fallback';
    case 'storage':
      return 'refresh';
    case 'authorization':
    case 'validation':
      return 'user_action';
    default:
      return 'retry';
  }
}

export function classifyError(error: unknown, options: ClassifyOptions = {}): ClassifiedError {
  const e = normalize(error);
  let inferredFrom: ClassifiedError['inferredFrom'] = 'none';
  let category = categoryFromType(e, error);
  if (category) inferredFrom = 'type';
  else {
    category = categoryFromText(e.message);
    if (category) inferredFrom = 'message';
  }
  const finalCategory: ErrorCategory = category ?? 'unknown';
  const explicitSeverity = error instanceof AppError ? error.severity : undefined;
  const severity = severityFor(finalCategory, e.name, explicitSeverity);
  const errorCase = caseFor(finalCategory, e, error, options);
  const row: { message: string; action?: string } = ERROR_CASES[errorCase];
  const ownUserMessage = error instanceof AppError ? error.userMessage : undefined;
  return {
    category: finalCategory,
    severity,
    recovery: recoveryFor(finalCategory, errorCase),
    errorCase,
    userMessage: ownUserMessage ?? row.message,
    action: row.action,
    name: e.name,
    message: e.message,
    stack: e.stack,
    code: e.code ?? e.status,
    inferredFrom,
  };
}

/** The user-facing text for any thrown value. */
export function userMessageFor(error: unknown, options?: ClassifyOptions): string {
  return classifyError(error, options).userMessage;
}
