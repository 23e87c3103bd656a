/** Flow addresses: 0x and 16 hex digits (8 bytes). Pure. */

const FLOW_ADDRESS = /^(?:0x)?([0-9a-fA-F]{16})$/;

/** The address in canonical form (0x, lower case), or null when it is not a Flow address. */
export function normalizeFlowAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = FLOW_ADDRESS.exec(value.trim());
  return m?.[1] ? `0x${m[1].toLowerCase()}` : null;
}

export function isFlowAddress(value: unknown): value is string {
  return normalizeFlowAddress(value) !== null;
}

/** How a Flow address is shown in the wallet menu: its first 6 characters. */
export function shortFlowAddress(address: string): string {
  return address.slice(0, 6);
}
