/**
 * The arguments of the Cadence transactions, in their order, as plain data: the FCL client
 * turns each into `arg(value, t[type])`. Pure.
 */
import type { PatternTokenMetadata } from '../tokens/mintInput';

type CadenceArgType =
  'String' | 'UFix64' | 'UInt64' | 'Address' | 'Array(String)' | 'Array(UFix64)' | 'Array(Address)';

export interface CadenceArg {
  name: string;
  type: CadenceArgType;
  value: string | string[];
}

/** A UFix64 as Cadence's JSON wants it: a decimal string with 8 places. */
function toUFix64(n: number): string {
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`Not a UFix64: ${n}`);
  return n.toFixed(8);
}

/** A UInt64 as a decimal string. */
export function toUInt64(n: number | bigint | string): string {
  const s = String(n);
  if (!/^\d{1,20}$/.test(s) || BigInt(s) > 18446744073709551615n)
    throw new RangeError(`Not a UInt64: ${s}`);
  return s;
}

function patternArgs(m: PatternTokenMetadata): CadenceArg[] {
  const a = m.attributes;
  return [
    { name: 'patternId', type: 'String', value: m.patternId },
    { name: 'name', type: 'String', value: m.name },
    { name: 'description', type: 'String', value: m.description },
    { name: 'image', type: 'String', value: m.image },
    { name: 'externalURL', type: 'String', value: m.externalUrl },
    { name: 'inhale', type: 'UFix64', value: toUFix64(a.inhale) },
    { name: 'hold', type: 'UFix64', value: toUFix64(a.hold) },
    { name: 'exhale', type: 'UFix64', value: toUFix64(a.exhale) },
    { name: 'rest', type: 'UFix64', value: toUFix64(a.rest) },
    { name: 'difficulty', type: 'String', value: a.difficulty },
    { name: 'category', type: 'String', value: a.category },
    { name: 'tags', type: 'Array(String)', value: a.tags },
    { name: 'totalCycles', type: 'UInt64', value: toUInt64(a.totalCycles) },
  ];
}

function royaltyArgs(m: PatternTokenMetadata): CadenceArg[] {
  return [
    { name: 'recipient', type: 'Address', value: m.recipient },
    { name: 'royaltyReceivers', type: 'Array(Address)', value: m.royalties.map((r) => r.receiver) },
    { name: 'royaltyCuts', type: 'Array(UFix64)', value: m.royalties.map((r) => toUFix64(r.cut)) },
    {
      name: 'royaltyDescriptions',
      type: 'Array(String)',
      value: m.royalties.map((r) => r.description),
    },
  ];
}

/** mint_pattern.cdc: one token. */
export function mintPatternArgs(m: PatternTokenMetadata): CadenceArg[] {
  return [...patternArgs(m), ...royaltyArgs(m)];
}

/** batch_mint_pattern.cdc: `copies` editions in one transaction. */
export function batchMintPatternArgs(m: PatternTokenMetadata): CadenceArg[] {
  return [
    ...patternArgs(m),
    { name: 'copies', type: 'UInt64', value: toUInt64(m.copies) },
    ...royaltyArgs(m),
  ];
}

/** transfer_pattern.cdc */
export function transferArgs(recipient: string, id: string): CadenceArg[] {
  return [
    { name: 'recipient', type: 'Address', value: recipient },
    { name: 'id', type: 'UInt64', value: toUInt64(id) },
  ];
}

/** Scripts that take only an address. */
export function addressArg(address: string): CadenceArg[] {
  return [{ name: 'address', type: 'Address', value: address }];
}
