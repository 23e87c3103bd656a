import { WALLET_NEEDS_EMAIL } from './screenText';
import type { ErrorCategory, ErrorRecovery } from './types';

/**
 * Every user-visible error text (docs/product.md § Errors), the error screens' included,
 * in one place. Components, toasts and services import these constants; no other file spells them.
 */

/** The error cases: category, severity, recovery and message of each. */
export const ERROR_CASES = {
  'network.default': {
    category: 'network',
    message: 'Network connection issue. Please check your internet connection.',
    recovery: 'retry',
  },
  'network.error': {
    category: 'network',
    message: 'Connection problem. Please check your internet and try again.',
    recovery: 'retry',
    action: 'Retry',
  },
  'camera.default': {
    category: 'camera',
    message: 'Camera access failed. Please check your camera permissions.',
    recovery: 'user_action',
    action: 'Check Camera',
  },
  'camera.denied': {
    category: 'camera',
    message: 'Camera access denied. Please allow camera permissions in your browser settings.',
    recovery: 'user_action',
  },
  'camera.none': {
    category: 'camera',
    message: 'No camera found. Please connect a camera and try again.',
    recovery: 'user_action',
  },
  'camera.in_use': {
    category: 'camera',
    message: 'Camera is already in use by another application.',
    recovery: 'user_action',
  },
  'camera.timeout': {
    category: 'camera',
    message: 'Camera access timed out. Please check permissions and try again.',
    recovery: 'retry',
  },
  /** Any other camera failure during a session: the session continues without tracking. */
  'camera.other': {
    category: 'camera',
    message: 'Camera access was denied. Continuing without camera tracking.',
    recovery: 'fallback',
  },
  'wallet.default': {
    category: 'wallet',
    message: 'Wallet connection issue. Please check your wallet.',
    recovery: 'retry',
    action: 'Retry',
  },
  'wallet.rejected': {
    category: 'wallet',
    message: 'Transaction rejected. Please try again if you want to proceed.',
    recovery: 'user_action',
  },
  'wallet.insufficient': {
    category: 'wallet',
    message: 'Insufficient funds for this transaction.',
    recovery: 'user_action',
  },
  session: {
    category: 'session',
    message: 'Session error occurred. Please try restarting your session.',
    recovery: 'retry',
    action: 'Restart Session',
  },
  authentication: {
    category: 'authentication',
    message: 'Authentication failed. Please sign in again.',
    recovery: 'user_action',
  },
  other: {
    category: 'unknown',
    message: 'An unexpected error occurred. Please try again.',
    recovery: 'retry',
  },
} as const satisfies Record<
  string,
  { category: ErrorCategory; message: string; recovery: ErrorRecovery; action?: string }
>;

export type ErrorCase = keyof typeof ERROR_CASES;

/** Camera setup failures shown inline on the camera setup step. */
export const CAMERA_SETUP_MESSAGES = {
  initFailed: 'Failed to initialize camera. Please check permissions and try again.',
  startFailed: 'Failed to start session',
  /** The stream has no video track, or no video element could take it. */
  streamUnavailable: 'Camera stream or video element unavailable',
  /** The video's metadata did not load within 5 s. */
  videoTimeout: 'Video load timeout',
  videoError: 'Video load error',
} as const;

/** Texts of errors thrown by services and clients. */
export const ERROR_TEXT = {
  noWalletProvider: 'No wallet provider available',
  noActiveWalletProvider: 'No active wallet provider',
  circuitOpen: 'Circuit breaker is open',
  operationTimeout: 'Operation timeout',
  operationAborted: 'Operation aborted',
  transactionCancelUnsupported: 'Transaction cancellation is not supported on Flow blockchain',
  flowClientNotInitialized: 'Flow client not initialized',
  accountNotFound: 'Account not found',
  noWalletConnected: 'No wallet connected',
  notAuthenticated: 'Not authenticated',
  noRefreshToken: 'No refresh token available',
  refreshFailed: 'Failed to refresh authentication',
  shareFailed: 'Failed to share session',
  timelineFailed: 'Failed to load timeline',
  flowInitFailed: 'Flow initialization failed',
  connectionFailed: 'Connection failed',
  noConnectedAccount: 'No connected account',
  noAddressProvided: 'No address provided',
  /** A wallet links to an email account, never on its own. */
  walletNeedsEmail: WALLET_NEEDS_EMAIL,
} as const;

/** 'Transaction {id} timed out after {ms}ms' */
export function transactionTimeoutMessage(transactionId: string, timeoutMs: number): string {
  return `Transaction ${transactionId} timed out after ${timeoutMs}ms`;
}

/** 'Transaction failed: {reason}' */
export function transactionFailedMessage(reason: string): string {
  return `Transaction failed: ${reason}`;
}

/** Wallet switch to a chain the wallet does not know (EIP-1193 code 4902). */
export function chainNotAddedMessage(chainId: number | string): string {
  return `Chain ${chainId} not added to wallet. Use addChain() first.`;
}

/** Toast texts. Toast limit is 1 (see src/ui/toast.tsx). */
export const TOAST_TEXT = {
  connectionFailed: 'Connection failed',
  walletConnected: 'Wallet connected',
  addressCopied: 'Address copied',
  copyFailed: 'Copy failed',
  copyFailedDescription: 'Could not copy address to clipboard',
  walletDisconnected: 'Wallet disconnected',
  disconnectFailed: 'Disconnect failed',
  flowAccountReady: 'Flow account ready for breathing NFTs!',
  flowDisconnected: 'Successfully disconnected Flow wallet',
  flowDisconnectFailed: 'Failed to disconnect Flow wallet',
  lensDisconnected: 'Successfully disconnected from Lens',
  lensDisconnectFailed: 'Failed to disconnect from Lens',
  lensConnectFailed: 'Failed to connect to Lens',
  // 'Successfully logged in!' and 'Confirmation email sent! ...' live with the auth screen
  // (src/features/auth/strings.ts).
} as const;

// The fallback notices and the error screens' texts are in a leaf module: the first screen
// shows them, and importing them from there does not load the rest of this catalogue.
export { ERROR_SCREEN_TEXT, FALLBACK_TEXT } from './screenText';

/**
 * AI coaching (docs/product.md § AI coaching): a provider's answer that could not be had;
 * the on-device analysis stays. `detail` is the reason in a few words.
 */
export const AI_ERROR_TEXT = {
  analysisFailed: (provider: string, detail: string) =>
    `${provider} could not analyze this session (${detail}), so this is the on-device analysis.`,
  serviceUnreachable: (detail: string) =>
    `The AI service could not be reached (${detail}), so this is the on-device analysis.`,
  suggestionFailed: (provider: string, detail: string) => `${provider} could not suggest a pattern (${detail}).`,
  saveFailed: (detail: string) => `The pattern could not be saved (${detail}).`,
  choiceNotSaved: (detail: string) => `Your choice could not be saved (${detail}).`,
} as const;
