import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resolveFlowConfig } from '../../domain/flow/config';
import {
  parseDismissedPrompts,
  SHARING_PROMPTS,
  showsSharingPrompt,
  type SharingPromptKind,
} from '../../domain/share/sharingPrompts';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { useHydrating } from '../../ui/useHydrating';
import './prompts.css';

/** Where the dismissed prompts are remembered on this device. */
const DISMISSED_PROMPTS_KEY = 'pneuma.sharingPromptsDismissed';

function readDismissed(): SharingPromptKind[] {
  try {
    return parseDismissedPrompts(localStorage.getItem(DISMISSED_PROMPTS_KEY));
  } catch {
    return [];
  }
}

function remember(kind: SharingPromptKind): void {
  try {
    const next = [...new Set([...readDismissed(), kind])];
    localStorage.setItem(DISMISSED_PROMPTS_KEY, JSON.stringify(next));
  } catch {
    // storage blocked: dismissed for this visit only
  }
}

/** Whether this build can mint pattern tokens (its Flow configuration has no problem). */
function mintingAvailable(): boolean {
  return resolveFlowConfig(import.meta.env as Record<string, string | boolean | undefined>).problem === null;
}

/**
 * One sharing prompt (src/domain/share/sharingPrompts.ts) above a screen: what it offers,
 * a link there and 'Not now', which is remembered on this device. Drawn after hydration
 * only: a prerendered page never has it, and hydration meets the build's HTML.
 */
export function SharingPrompt({ kind }: { kind: SharingPromptKind }) {
  const hydrating = useHydrating();
  const [dismissed, setDismissed] = useState<SharingPromptKind[] | null>(() =>
    typeof window === 'undefined' ? null : readDismissed(),
  );
  if (hydrating || !dismissed || !showsSharingPrompt(kind, { dismissed, mintingAvailable: mintingAvailable() }))
    return null;
  const prompt = SHARING_PROMPTS[kind];
  return (
    <div className="page sharing-prompt-wrap">
      {/* Above the page's own h1: the title is not a heading, the region carries it. */}
      <Card as="section" className="sharing-prompt" aria-label={prompt.title}>
        <p className="sharing-prompt__title">{prompt.title}</p>
        <p>{prompt.text}</p>
        <div className="row">
          <Link to={prompt.action.to} className={buttonClass('primary', 'sm')}>
            {prompt.action.label}
          </Link>
          <button
            type="button"
            className={buttonClass('ghost', 'sm')}
            onClick={() => {
              remember(kind);
              setDismissed([...dismissed, kind]);
            }}
          >
            Not now
          </button>
        </div>
      </Card>
    </div>
  );
}
