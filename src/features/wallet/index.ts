/** First-load shells that load the wallet code (its own chunks, with ethers) when used. */
export { ProfileWalletSlot, WalletButtonSlot } from './WalletButtonSlot';
