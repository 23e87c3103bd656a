import { describe, expect, it } from 'vitest';
import {
  chainName,
  explorerAddressUrl,
  isSupportedChain,
  normalizeChainId,
  shortAddress,
} from '../../../src/domain/wallet/chains';

describe('wallet chains', () => {
  it('normalises the ways wallets write a chain id', () => {
    expect(normalizeChainId('0x01')).toBe('0x1');
    expect(normalizeChainId(137)).toBe('0x89');
    expect(normalizeChainId('42161')).toBe('0xa4b1');
    expect(normalizeChainId(0)).toBeNull();
    expect(normalizeChainId('0x')).toBeNull();
    expect(normalizeChainId('polygon')).toBeNull();
  });

  it('names the three supported chains and shows any other as Unknown', () => {
    expect(chainName('0x1')).toBe('Ethereum Mainnet');
    expect(chainName('0x89')).toBe('Polygon');
    expect(chainName('0xa4b1')).toBe('Arbitrum One');
    // Named though not connectable (the known-chains list): Base, Lens Chain (232), Story.
    expect(chainName('0x2105')).toBe('Base');
    expect(chainName('232')).toBe('Lens Chain');
    expect(chainName('1514')).toBe('Story');
    expect(isSupportedChain('0x2105')).toBe(false);
    expect(chainName('0x38')).toBe('Unknown');
    expect(chainName(null)).toBe('Unknown');
    expect(isSupportedChain('0x7a69')).toBe(false);
  });

  it('links an address to the explorer of its chain only', () => {
    const a = '0x1234567890abcdef1234567890abcdef12345678';
    expect(explorerAddressUrl('0x89', a)).toBe(`https://polygonscan.com/address/${a}`);
    expect(explorerAddressUrl('0x7a69', a)).toBeNull();
    expect(shortAddress(a)).toBe('0x1234…5678');
  });
});
