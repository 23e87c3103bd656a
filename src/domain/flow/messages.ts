/**
 * Token-wallet (Flow) messages that are not in the shared error catalogue
 * (src/domain/errors/messages.ts has the others: ERROR_TEXT.flowClientNotInitialized,
 * ERROR_TEXT.flowInitFailed, ERROR_TEXT.transactionCancelUnsupported,
 * transactionTimeoutMessage, transactionFailedMessage, TOAST_TEXT.flowAccountReady, ...).
 */
export const FLOW_TEXT = {
  /** A token-wallet action without a connected Flow wallet. */
  notConnected: 'Not connected to Flow wallet',
  /** An address lookup with neither an address nor a connected user. */
  noAddress: 'No address provided and user not connected',
  /** The access node did not answer GET /v1/blocks?height=sealed before a mint. */
  unreachable: 'The Flow network cannot be reached',
} as const;
