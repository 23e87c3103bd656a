/**
 * Cadence files in the repository import contracts by name (`import "NonFungibleToken"`),
 * as the Flow CLI does. Before sending, each such import becomes
 * `import NonFungibleToken from 0x…` with the configured network's address. Pure.
 */

const NAMED_IMPORT = /^([ \t]*)import[ \t]+"([A-Za-z_][A-Za-z0-9_]*)"[ \t]*$/gm;

export class UnresolvedImportError extends Error {
  constructor(readonly contract: string) {
    super(`No address is configured for the Cadence contract ${contract}`);
    this.name = 'UnresolvedImportError';
  }
}

export function resolveImports(
  cadence: string,
  addresses: Readonly<Record<string, string>>,
): string {
  return cadence.replace(NAMED_IMPORT, (_line, indent: string, name: string) => {
    const address = addresses[name];
    if (!address) throw new UnresolvedImportError(name);
    return `${indent}import ${name} from ${address}`;
  });
}
