import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { LoadingDots } from '../../ui/LoadingDots';
import { TIER_BENEFITS, type GateFallback, type GateRequirement } from '../../domain/authLevel';
import { GATE_TEXT } from './strings';

const TIER_NAME: Record<Exclude<GateRequirement, 'none'>, string> = {
  account: 'a free account',
  evm: 'a social wallet',
  flow: 'a token wallet',
};

export interface GateViewProps {
  outcome: 'show' | GateFallback;
  requirement: GateRequirement;
  /** What the gated feature is, in a few words ("Your progress"). */
  feature: string;
  children: ReactNode;
  /** Prompt dialog open (prompt fallback, or after 'Enable Feature'). */
  promptOpen: boolean;
  onPromptOpenChange: (open: boolean) => void;
  /** False in the progress context (no skip there: docs/product.md § Accounts and access). */
  canSkip: boolean;
  onProceed: () => void;
  onSkip: () => void;
}

/** The four gate fallbacks (docs/product.md § Accounts and access), drawn. Logic lives in AuthGate and src/domain/authLevel. */
export function GateView(p: GateViewProps) {
  if (p.outcome === 'show') return <>{p.children}</>;
  if (p.outcome === 'hide') return null;
  if (p.outcome === 'redirect') {
    return (
      <div className="gate gate--redirect" role="status">
        <p>{GATE_TEXT.redirecting}</p>
        <LoadingDots label={GATE_TEXT.redirecting} />
      </div>
    );
  }
  const requirement = p.requirement === 'none' ? 'account' : p.requirement;
  const prompt = (
    <Dialog
      open={p.promptOpen}
      onOpenChange={(open) => {
        if (!open && !p.canSkip) return; // no way around the prompt in the progress context
        p.onPromptOpenChange(open);
      }}
      title={`${p.feature} needs ${TIER_NAME[requirement]}`}
      description={`Sign in with ${TIER_NAME[requirement]} to unlock:`}
    >
      <ul className="gate__benefits">
        {TIER_BENEFITS[requirement].map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
      <div className="row gate__actions">
        <Button onClick={p.onProceed}>Continue to sign in</Button>
        {p.canSkip ? (
          <Button variant="ghost" onClick={p.onSkip}>
            Skip for now
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
  if (p.outcome === 'disable') {
    return (
      <div className="gate gate--disabled">
        <div className="gate__dimmed" aria-hidden="true" inert>
          {p.children}
        </div>
        <Button variant="secondary" onClick={() => p.onPromptOpenChange(true)}>
          {GATE_TEXT.enableFeature}
        </Button>
        {prompt}
      </div>
    );
  }
  // prompt
  return (
    <>
      {!p.promptOpen ? (
        <Card className="gate gate--prompt">
          <p>
            {p.feature} needs {TIER_NAME[requirement]}.
          </p>
          <Button variant="secondary" onClick={() => p.onPromptOpenChange(true)}>
            See what you get
          </Button>
        </Card>
      ) : null}
      {prompt}
    </>
  );
}
