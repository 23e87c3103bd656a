import { describe, expect, it } from 'vitest';
import { AppError, CircuitOpenError, HttpError, NetworkError, TimeoutError } from '../../../src/domain/errors/appErrors';
import { ERROR_CASES, ERROR_TEXT, chainNotAddedMessage, transactionFailedMessage, transactionTimeoutMessage } from '../../../src/domain/errors/messages';
import { classifyError, severityFor, userMessageFor } from '../../../src/domain/errors/classifier';
import { maxSeverity } from '../../../src/domain/errors/types';

function domException(name: string, message = ''): Error {
  const e = new Error(message);
  e.name = name;
  return e;
}

describe('the error catalogue table: one case per row', () => {
  const rows: Array<[string, unknown, string, string | undefined]> = [
    // [row, thrown value, expected message, expected action]
    [
      'network default',
      new Error('The network is down'),
      'Network connection issue. Please check your internet connection.',
      undefined,
    ],
    [
      'network error',
      new TypeError('Failed to fetch'),
      'Connection problem. Please check your internet and try again.',
      'Retry',
    ],
    [
      'camera default',
      new Error('Camera stream ended'),
      'Camera access failed. Please check your camera permissions.',
      'Check Camera',
    ],
    [
      'camera denied',
      domException('NotAllowedError', 'Permission denied'),
      'Camera access denied. Please allow camera permissions in your browser settings.',
      undefined,
    ],
    [
      'camera none',
      domException('NotFoundError', 'Requested device not found'),
      'No camera found. Please connect a camera and try again.',
      undefined,
    ],
    [
      'camera in use',
      domException('NotReadableError', 'Could not start video source'),
      'Camera is already in use by another application.',
      undefined,
    ],
    [
      'camera 10 s timeout',
      new AppError('Camera access timed out', { category: 'camera' }),
      'Camera access timed out. Please check permissions and try again.',
      undefined,
    ],
    [
      'wallet default',
      new Error(ERROR_TEXT.noWalletProvider),
      'Wallet connection issue. Please check your wallet.',
      'Retry',
    ],
    [
      'wallet rejected',
      Object.assign(new Error('MetaMask Tx Signature: User denied transaction signature.'), {
        code: 4001,
      }),
      'Transaction rejected. Please try again if you want to proceed.',
      undefined,
    ],
    [
      'wallet insufficient',
      new Error('insufficient funds for gas * price + value'),
      'Insufficient funds for this transaction.',
      undefined,
    ],
    [
      'session',
      new Error('Session state corrupted'),
      'Session error occurred. Please try restarting your session.',
      'Restart Session',
    ],
    [
      'authentication',
      new Error(ERROR_TEXT.notAuthenticated),
      'Authentication failed. Please sign in again.',
      undefined,
    ],
    [
      'other',
      new Error('Something odd'),
      'An unexpected error occurred. Please try again.',
      undefined,
    ],
  ];
  it.each(rows)('%s', (_row, thrown, message, action) => {
    const c = classifyError(thrown);
    expect(c.userMessage).toBe(message);
    expect(c.action).toBe(action);
  });

  it('camera other: an unrecognised camera failure inside a session continues without tracking', () => {
    const c = classifyError(new Error('Camera stream ended'), { cameraContinues: true });
    expect(c.errorCase).toBe('camera.other');
    expect(c.userMessage).toBe('Camera access was denied. Continuing without camera tracking.');
    expect(c.recovery).toBe('fallback');
    // a recognised failure keeps its own row even then
    expect(
      classifyError(domException('NotReadableError'), { cameraContinues: true }).errorCase,
    ).toBe('camera.in_use');
  });

  it('every case has a distinct message', () => {
    const messages = Object.values(ERROR_CASES).map((c) => c.message);
    expect(new Set(messages).size).toBe(messages.length);
  });
});

describe('category: type first', () => {
  it.each([
    [new NetworkError(), 'network', 'network.error'],
    [new TimeoutError(30_000), 'network', 'network.error'],
    [new CircuitOpenError('ai'), 'network', 'network.error'],
    [new HttpError(503), 'network', 'network.error'],
    [new HttpError(401), 'authentication', 'authentication'],
    [new HttpError(403), 'authorization', 'other'],
    [new HttpError(422), 'validation', 'other'],
    [new HttpError(404), 'unknown', 'other'],
    [domException('AbortError', 'The user aborted a request.'), 'network', 'network.default'],
    [domException('QuotaExceededError', 'The quota has been exceeded.'), 'storage', 'other'],
    [domException('DatabaseClosedError', 'Database has been closed'), 'storage', 'other'],
    [domException('AuthApiError', 'Invalid login credentials'), 'authentication', 'authentication'],
    [domException('AuthRetryableFetchError', 'Failed to fetch'), 'network', 'network.error'],
    [domException('ZodError', '[]'), 'validation', 'other'],
    [domException('OverconstrainedError', ''), 'camera', 'camera.none'],
    [domException('TrackStartError', ''), 'camera', 'camera.in_use'],
    [domException('PermissionDeniedError', ''), 'camera', 'camera.denied'],
    [domException('DevicesNotFoundError', ''), 'camera', 'camera.none'],
    [
      Object.assign(new Error('whatever'), { code: 'ACTION_REJECTED' }),
      'wallet',
      'wallet.rejected',
    ],
    [
      Object.assign(new Error('whatever'), { code: 'INSUFFICIENT_FUNDS' }),
      'wallet',
      'wallet.insufficient',
    ],
    [Object.assign(new Error('Unrecognized chain ID'), { code: 4902 }), 'wallet', 'wallet.default'],
    [{ status: 401, message: 'JWT expired' }, 'authentication', 'authentication'],
    [new AppError('boom', { category: 'session' }), 'session', 'session'],
  ])('%s -> %s', (thrown, category, errorCase) => {
    const c = classifyError(thrown);
    expect(c.category).toBe(category);
    expect(c.errorCase).toBe(errorCase);
    expect(c.inferredFrom).toBe('type');
  });

  it('the type wins over misleading text', () => {
    // text says "wallet", the type says network
    expect(classifyError(new NetworkError('wallet endpoint unreachable')).category).toBe('network');
    // a clipboard NotAllowedError is not a camera error
    expect(
      classifyError(domException('NotAllowedError', 'Write permission denied.')).category,
    ).toBe('authorization');
    expect(
      classifyError(domException('NotFoundError', 'No objectStore named x')).category,
    ).not.toBe('camera');
  });
});

describe('category: message text second', () => {
  it.each([
    ['Camera not available', 'camera'],
    [ERROR_TEXT.noActiveWalletProvider, 'wallet'],
    [ERROR_TEXT.flowClientNotInitialized, 'wallet'],
    [ERROR_TEXT.flowInitFailed, 'wallet'],
    [ERROR_TEXT.noWalletConnected, 'wallet'],
    [ERROR_TEXT.noConnectedAccount, 'wallet'],
    [ERROR_TEXT.noAddressProvided, 'wallet'],
    [ERROR_TEXT.transactionCancelUnsupported, 'wallet'],
    [transactionTimeoutMessage('abc', 30000), 'wallet'],
    [transactionFailedMessage('reverted'), 'wallet'],
    [chainNotAddedMessage(232), 'wallet'],
    [ERROR_TEXT.noRefreshToken, 'authentication'],
    [ERROR_TEXT.refreshFailed, 'authentication'],
    [ERROR_TEXT.notAuthenticated, 'authentication'],
    ['Unauthorized', 'authentication'],
    ['Forbidden', 'authorization'],
    ['new row violates row-level security policy', 'authorization'],
    ['AI analysis failed', 'ai'],
    ['Vision service unavailable', 'ai'],
    [ERROR_TEXT.circuitOpen, 'network'],
    [ERROR_TEXT.operationTimeout, 'network'],
    [ERROR_TEXT.operationAborted, 'unknown'],
    [ERROR_TEXT.connectionFailed, 'network'],
    ['IndexedDB is not available', 'storage'],
    ['QuotaExceeded: storage full', 'storage'],
    [ERROR_TEXT.shareFailed, 'session'],
    ['Invalid pattern duration', 'validation'],
    ['Email is required', 'validation'],
    ['Something nobody named', 'unknown'],
  ])('%s -> %s', (text, category) => {
    const c = classifyError(new Error(text));
    expect(c.category).toBe(category);
    expect(c.inferredFrom).toBe(category === 'unknown' ? 'none' : 'message');
  });

  it('accepts strings, plain objects, null and numbers without crashing', () => {
    expect(classifyError('Network unreachable').category).toBe('network');
    expect(classifyError({ message: 'wallet locked' }).category).toBe('wallet');
    expect(classifyError(null).message).toBe('Unknown error');
    expect(classifyError(undefined).userMessage).toBe(ERROR_CASES.other.message);
    expect(classifyError(42).message).toBe('42');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(classifyError(circular).category).toBe('unknown');
  });
});

describe('severity rules', () => {
  it('type and reference errors are critical', () => {
    expect(
      classifyError(new TypeError("Cannot read properties of undefined (reading 'x')")).severity,
    ).toBe('critical');
    expect(classifyError(new ReferenceError('foo is not defined')).severity).toBe('critical');
  });
  it('a fetch failure TypeError is a network error, not a critical bug', () => {
    const c = classifyError(new TypeError('Failed to fetch'));
    expect(c.category).toBe('network');
    expect(c.severity).toBe('critical'); // still a TypeError by type: the TypeError rule applies
  });
  it('authentication is high, ai is low', () => {
    expect(classifyError(new HttpError(401)).severity).toBe('high');
    expect(classifyError(new Error('AI analysis failed')).severity).toBe('low');
  });
  it('an explicit severity on an AppError wins', () => {
    expect(
      classifyError(new AppError('x', { category: 'ai', severity: 'critical' })).severity,
    ).toBe('critical');
  });
  it('defaults', () => {
    expect(severityFor('network', 'Error')).toBe('medium');
    expect(severityFor('unknown', 'Error')).toBe('medium');
    expect(severityFor('validation', 'Error')).toBe('low');
    expect(severityFor('storage', 'Error')).toBe('high');
    expect(maxSeverity('low', 'high')).toBe('high');
    expect(maxSeverity('critical', 'high')).toBe('critical');
  });
});

describe('recoveries', () => {
  it.each([
    [new NetworkError(), 'retry'],
    [new HttpError(401), 'user_action'],
    [new HttpError(403), 'user_action'],
    [new Error('Invalid pattern duration'), 'user_action'],
    [new Error('AI analysis failed'), 'fallback'],
    [domException('QuotaExceededError'), 'refresh'],
    [new Error('Session state corrupted'), 'retry'],
    [new Error('Wallet locked'), 'retry'],
    [Object.assign(new Error('x'), { code: 4001 }), 'user_action'],
    [new Error('Something odd'), 'retry'],
  ])('%s -> %s', (thrown, recovery) => {
    expect(classifyError(thrown).recovery).toBe(recovery);
  });
});

describe('user messages', () => {
  it('an AppError may carry its own user message (e.g. a validation rule)', () => {
    const e = new AppError('name too short', {
      category: 'validation',
      userMessage: 'Name must be at least 3 characters',
    });
    expect(userMessageFor(e)).toBe('Name must be at least 3 characters');
  });
  it('never shows technical text', () => {
    expect(userMessageFor(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      ERROR_CASES.other.message,
    );
  });
});
