/** First-load shells that load the wallet code (its own chunks, with ethers) when used. */
export { ProfileWalletSlot, WalletButtonSlot } from './WalletButtonSlot';
/** The post composer's 'Also publish to Lens' and the feed card's 'Also on Lens' (lazy). */
export { AlsoOnLens, LensPublishOption, publishToLensAfterShare } from './lensShare';
/** A gate's proceed on an 'evm' requirement: the wallet connection (loads the wallet code on use). */
export const requestWalletConnection = (): Promise<void> =>
  import('./actions').then((m) => m.connectWallet());
/** id, email, profile, role and wallet in one view (the wallet part once the wallet code has loaded). */
export { useMergedUser } from './useMergedUser';
