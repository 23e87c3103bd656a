// Pattern tokens' public surface: the creator hub's mint section and the token line of a
// marketplace card. Neither loads FCL until a wallet is connected.
export { CreatorMints } from './CreatorMints';
export { PatternTokenBadge } from './PatternTokenBadge';
export type { MintablePattern } from './MintForm';
/** A gate's proceed on a 'flow' requirement (loads FCL and the token code on use). */
export const requestFlowConnection = (): Promise<void> =>
  import('./useFlowWallet').then((m) => m.connectFlowWallet());
