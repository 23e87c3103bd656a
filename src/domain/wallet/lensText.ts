/**
 * What the app says about Lens (docs/product.md § Wallets and tokens): one line for each
 * branch of each answer the Lens API v3 can give, so none is met with silence.
 */
export const LENS_TEXT = {
  noAccount:
    'This wallet owns or manages no Lens account. Create one in a Lens app, then connect again.',
  pickAccount: 'Choose the Lens account to sign in as',
  wrongSigner: 'Lens says this wallet may not sign in as that account',
  expiredChallenge: 'The Lens sign-in request expired before it was signed. Please connect again.',
  forbidden: 'Lens refused the sign-in',
  postRefused: 'Lens refused the post',
  followRefused: 'Lens refused the follow',
  willFail: 'Lens says the transaction would fail',
  signInWallet: 'Confirm the Lens transaction in your wallet…',
  pending: 'Sent to Lens: waiting for it to be indexed',
  notIndexedYet:
    'Lens has not indexed the post yet, so its id is not known here; it may still appear on Lens',
  txFailed: 'The Lens transaction failed',
} as const;

/** A branch's line with the reason Lens gave, when it gave one. */
export function withReason(line: string, reason: string | null | undefined): string {
  const why = reason?.trim();
  return why ? `${line}: ${why}` : `${line}.`;
}
