/**
 * The Lens API's custom scalars as branded strings (docs/product.md § Wallets and tokens): a
 * value gets its brand only through the check below, so an account address cannot be passed
 * where a post id is expected, nor a cursor where a hash is. The checks are the formats the
 * names promise; the API's own may be stricter.
 */
declare const brand: unique symbol;
type Brand<T extends string> = string & { readonly [brand]: T };

export type EvmAddress = Brand<'EvmAddress'>;
export type PostId = Brand<'PostId'>;
export type Cursor = Brand<'Cursor'>;
export type TxHash = Brand<'TxHash'>;

export class LensScalarError extends Error {}

function checked<T extends string>(name: string, ok: (v: string) => boolean) {
  return (value: unknown): Brand<T> => {
    if (typeof value !== 'string' || !ok(value))
      throw new LensScalarError(`Not a Lens ${name}: ${JSON.stringify(value)?.slice(0, 80)}`);
    return value as Brand<T>;
  };
}

export const evmAddress = checked<'EvmAddress'>('EvmAddress', (v) => /^0x[0-9a-fA-F]{40}$/.test(v));
export const uuid = checked<'UUID'>('UUID', (v) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
);
export const uri = checked<'URI'>('URI', (v) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(v));
export const postId = checked<'PostId'>('PostId', (v) => /^\d{1,80}$/.test(v));
export const cursor = checked<'Cursor'>('Cursor', (v) => v.length > 0 && v.length <= 2048);
export const txHash = checked<'TxHash'>('TxHash', (v) => /^0x[0-9a-fA-F]{64}$/.test(v));
