// Part of the error catalogue (./messages.ts re-exports it; docs/product.md § Errors): the
// texts the first screen can show (the offline notice, the app and configuration error
// pages, the toast's Retry, the wallet button's word to guests). A leaf module, so the
// first load does not carry the whole catalogue.

/** Fallback notices. */
export const FALLBACK_TEXT = {
  offline:
    "You're offline. Sessions will sync when connection is restored. Core breathing features remain available.",
  fallbackVision: 'Using fallback vision',
} as const;

/** The generic error screens. */
export const ERROR_SCREEN_TEXT = {
  fullPageTitle: 'Oops! Something went wrong',
  tryAgain: 'Try Again',
  refreshPage: 'Refresh Page',
  retry: 'Retry',
  restartSession: 'Restart Session',
  appErrorTitle: 'Application Error',
  appErrorBody:
    'Pneuma could not display this page. Please refresh the page, and contact support if the problem continues.',
  missingRootBody:
    'Pneuma could not start because its page is incomplete. Please refresh the page, and contact support if the problem continues.',
  errorDetails: 'Error details',
} as const;

/** A guest's press of the header's wallet button (the catalogue's walletNeedsEmail). */
export const WALLET_NEEDS_EMAIL = 'Please sign up with email first, then connect your wallet';
