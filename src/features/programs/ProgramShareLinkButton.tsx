import { useState } from 'react';
import { programLinkPath } from '../../domain/links/patternLink';
import type { Program } from '../../domain/programs/programTypes';
import { Button } from '../../ui/Button';
import { copyToClipboard } from '../pattern-link';

/**
 * "Copy link" on a program card: the program's `/p/…` link (docs/patterns-format.md), which
 * opens, previews and plays without the server. Nothing when the program cannot travel as one.
 */
export function ProgramShareLinkButton({ program }: { program: Program }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const path = programLinkPath(program);
  if (!path) return null;
  return (
    <span className="share-link">
      <Button
        variant="ghost"
        aria-label={`Copy link: ${program.name}`}
        data-program-link={path}
        onClick={async () =>
          setState((await copyToClipboard(window.location.origin + path)) ? 'copied' : 'failed')
        }
      >
        Copy link
      </Button>
      <span className="share-link__status" role="status">
        {state === 'copied' ? 'Link copied.' : null}
        {state === 'failed' ? (
          <>
            Copy this link: <a href={path}>{program.name}</a>
          </>
        ) : null}
      </span>
    </span>
  );
}
