import { useEffect, useState } from 'react';
import { Badge } from '../../ui/Badge';
import { TOKEN_TEXT, tokenLine } from './labels';
import { tokensOfPattern, type MintedToken } from '../../backend/api/tokensApi';

/**
 * A published pattern's Flow token on a marketplace card: its id(s) and owner, and whether
 * the server checked it on Flow. Renders nothing until read, and nothing for a pattern
 * that was never minted. Loads no wallet code.
 */
export function PatternTokenBadge({ patternId }: { patternId: string }) {
  const [tokens, setTokens] = useState<MintedToken[] | null>(null);
  useEffect(() => {
    let live = true;
    void tokensOfPattern(patternId).then((t) => {
      if (live) setTokens(t);
    });
    return () => {
      live = false;
    };
  }, [patternId]);

  const latest = tokens?.[0];
  if (!latest) return null;
  const more = (tokens?.length ?? 1) - 1;
  return (
    <p className="pattern-token">
      <Badge tone="primary">Flow token</Badge>{' '}
      <span>{tokenLine(latest.tokenIds, latest.owner)}</span>{' '}
      <span className="muted">
        ({latest.status === 'verified' ? TOKEN_TEXT.verified : TOKEN_TEXT.reported}
        {latest.network === 'mainnet' ? '' : `, ${latest.network}`}
        {more > 0 ? `; ${more} earlier mint${more === 1 ? '' : 's'}` : ''})
      </span>
    </p>
  );
}
