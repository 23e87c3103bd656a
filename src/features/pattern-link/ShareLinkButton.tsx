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

type CopyState = 'idle' | 'copied' | 'failed';

/** What a link screen says when the browser refused to copy its own address. */
export const COPY_REFUSED_TEXT = 'This browser did not allow copying: copy the address from the address bar.';

/** Whether the last copy worked, and the copy itself (every "Copy link" of the pattern-link screens). */
export function useCopyLink(): [CopyState, (text: string) => Promise<void>] {
  const [state, setState] = useState<CopyState>('idle');
  return [state, async (text) => setState((await copyToClipboard(text)) ? 'copied' : 'failed')];
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
  const [state, copy] = useCopyLink();
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
        onClick={() => void copy(url)}
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
