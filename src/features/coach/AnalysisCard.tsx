import './coach.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AI_PROVIDER_LABELS } from '../../domain/coach/constants';
import { AI_ERROR_TEXT } from '../../domain/errors/messages';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { LoadingDots } from '../../ui/LoadingDots';
import { DeviceAnalysisView } from './DeviceAnalysisView';
import { PatternSuggestions } from './PatternSuggestions';
import { ProviderAnalysisView } from './ProviderAnalysisView';
import { useCoachAnalysis, type ProviderStatus } from './useCoachAnalysis';

const list = (ids: readonly { id: keyof typeof AI_PROVIDER_LABELS }[]) =>
  ids.map((p) => AI_PROVIDER_LABELS[p.id]).join(', ');

/** One line on where this analysis comes from and what, if anything, left the device. */
function statusLine(status: ProviderStatus): ReactNode {
  switch (status.kind) {
    case 'deciding':
      return 'On-device analysis of this session.';
    case 'waiting':
      return `Asking ${AI_PROVIDER_LABELS[status.provider.id]} (${status.provider.model}) for an analysis. Meanwhile, this is the on-device analysis.`;
    case 'answered': {
      const label = AI_PROVIDER_LABELS[status.answer.provider];
      return (
        <>
          Analysis by {label}, model {status.answer.model}, through this app’s server. Only this
          session’s figures and your earlier sessions’ figures were sent: no name, email or camera
          image. <Link to="/profile">Change this</Link>
        </>
      );
    }
    case 'failed':
      return AI_ERROR_TEXT.analysisFailed(AI_PROVIDER_LABELS[status.provider.id], status.message);
    case 'off':
      switch (status.reason) {
        case 'offline':
          return 'You are offline, so this is the on-device analysis. Nothing was sent.';
        case 'userChoseDevice':
          return (
            <>
              On-device analysis, as you chose. Nothing was sent.{' '}
              <Link to="/profile">Change this</Link>
            </>
          );
        case 'noneConfigured':
          return 'Analyzed on this device. Nothing was sent.';
        case 'notOffered':
          return `${AI_PROVIDER_LABELS[status.chosen]}, your chosen provider, is not set up on this server, so this is the on-device analysis.`;
        case 'unavailable':
          return AI_ERROR_TEXT.serviceUnreachable(status.detail);
        case 'signedOut':
          return (
            <>
              On-device analysis. <Link to="/auth">Sign in</Link> to also get an analysis from{' '}
              {list(status.offered)}.
            </>
          );
      }
  }
}

/**
 * The results screen's analysis card (docs/product.md § AI coaching): the on-device
 * analysis at once, replaced by the provider's when it answers; where it came from is
 * always said. Also the next-pattern suggestions.
 */
export default function AnalysisCard({ sessionId }: { sessionId: string }) {
  const { facts, device, provider, usable } = useCoachAnalysis(sessionId);
  if (facts === undefined) return <LoadingDots label="Analyzing your session" />;
  if (facts === null || !device) return null;
  const answered = provider.kind === 'answered' ? provider.answer : undefined;
  return (
    <>
      <Card as="section" className="coach" aria-labelledby="coach-title" data-testid="coach-card">
        <div className="coach__head">
          <h2 id="coach-title">Session analysis</h2>
          <Badge tone={answered ? 'primary' : 'neutral'} data-testid="coach-source">
            {answered
              ? `AI analysis: ${AI_PROVIDER_LABELS[answered.provider]}`
              : 'On-device analysis'}
          </Badge>
        </div>
        <p className="coach__status" role="status" aria-live="polite" data-testid="coach-status">
          {statusLine(provider)}
        </p>
        {answered ? (
          <>
            <ProviderAnalysisView answer={answered} stillness={facts.session.stillnessScore} />
            <details className="coach__compare">
              <summary>Compare with the on-device analysis</summary>
              <DeviceAnalysisView analysis={device} />
            </details>
          </>
        ) : (
          <DeviceAnalysisView analysis={device} />
        )}
      </Card>
      <PatternSuggestions facts={facts} provider={usable} />
    </>
  );
}
