/** First-load shells that load the wallet code (its own chunks, with ethers) when used. */
export { ProfileWalletSlot, WalletButtonSlot } from './WalletButtonSlot';
/** The post composer's 'Also publish to Lens' (lazy). */
export { LensPublishOption, publishToLensAfterShare } from './lensShare';
/** A feed card's 'Also on Lens' (the link loads when shown). */
export { AlsoOnLens } from './AlsoOnLens';
