/** Set while a wallet is connected: the next visit reconnects to it without a prompt. */
export const LAST_CONNECTED_KEY = 'pneuma.wallet.lastConnected';
