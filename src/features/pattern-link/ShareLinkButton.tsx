import { useState } from 'react';
import { patternLinkPath, type LinkedPattern } from '../../domain/links/patternLink';
import { Button } from '../../ui/Button';

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Copy link": the pattern's `/p/…` link (docs/patterns-format.md), which opens, previews and
 * plays without the server. Nothing when the pattern cannot travel as a link.
 */
export function ShareLinkButton({
  pattern,
  label = 'Copy link',
}: {
  pattern: LinkedPattern;
  label?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const path = patternLinkPath(pattern);
  if (!path) return null;
  const url = `${window.location.origin}${path}`;
  return (
    <span className="share-link">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${label}: ${pattern.name}`}
        data-pattern-link={path}
        onClick={async () => setState((await copyToClipboard(url)) ? 'copied' : 'failed')}
      >
        {label}
      </Button>
      <span className="share-link__status" role="status">
        {state === 'copied' ? 'Link copied.' : null}
        {state === 'failed' ? (
          <>
            Copy this link: <a href={path}>{pattern.name}</a>
          </>
        ) : null}
      </span>
    </span>
  );
}
