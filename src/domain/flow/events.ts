/**
 * Reading a sealed mint's events: the ids of the minted tokens and who received them. Pure;
 * works on events as FCL decodes them ({type, data}).
 */

export interface FlowEvent {
  type: string;
  data: Record<string, unknown>;
}

interface MintedTokens {
  tokenIds: string[];
  owner: string | null;
}

const idText = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' ? String(v) : null;

/**
 * Tokens minted by `A.<contract>.BreathingPatternNFT.Minted` events of this pattern, and
 * the address of the collection they were deposited in (NonFungibleToken.Deposited).
 */
export function mintedTokens(
  events: readonly FlowEvent[],
  contractAddress: string,
  patternId: string,
): MintedTokens {
  const prefix = `A.${contractAddress.replace(/^0x/, '')}.BreathingPatternNFT.`;
  const tokenIds: string[] = [];
  for (const e of events) {
    if (e.type !== `${prefix}Minted` || e.data.patternId !== patternId) continue;
    const id = idText(e.data.id);
    if (id !== null) tokenIds.push(id);
  }
  let owner: string | null = null;
  for (const e of events) {
    if (!e.type.endsWith('.NonFungibleToken.Deposited')) continue;
    if (e.data.type !== `${prefix}NFT` || !tokenIds.includes(idText(e.data.id) ?? '')) continue;
    owner = typeof e.data.to === 'string' ? e.data.to : owner;
  }
  return { tokenIds, owner };
}
