import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { createCustomPattern } from '../../data/customPatternsRepo';
import { AI_PROVIDER_LABELS } from '../../domain/coach/constants';
import type { PatternResponse } from '../../contracts/coach';
import {
  patternFromSuggestion,
  suggestionTimings,
  suggestPatternOnDevice,
  type PatternSuggestion,
} from '../../domain/coach/suggestedPattern';
import { AI_ERROR_TEXT } from '../../domain/errors/messages';
import { cycleSeconds, PHASE_FIELD_LABELS, timingLabel } from '../../domain/patterns';
import { completionPercent } from '../../domain/sessionScoring';
import { requestSync } from '../../sync/page/syncEngine';
import { Badge } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { accessToken, failureText, suggestPattern } from '../../backend/api/coachApi';
import { ErrorLine } from './ErrorLine';
import { requestHistory, type CoachFacts } from './coachFacts';
import type { OfferedProvider } from './useCoachAnalysis';

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; id: string }
  | { kind: 'failed'; message: string };

/** One suggested pattern, and saving it as the user's own (it then syncs like any custom pattern). */
function SuggestionView({
  suggestion,
  source,
  testId,
}: {
  suggestion: PatternSuggestion;
  source: string;
  testId: string;
}) {
  const { user } = useAuth();
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const timings = suggestionTimings(suggestion.phases);
  const onSave = async () => {
    setSave({ kind: 'saving' });
    try {
      const record = await createCustomPattern(patternFromSuggestion(suggestion), {
        userId: user?.id ?? null,
      });
      if (user) requestSync();
      setSave({ kind: 'saved', id: record.id });
    } catch (e) {
      setSave({ kind: 'failed', message: AI_ERROR_TEXT.saveFailed(failureText(e)) });
    }
  };
  return (
    <article className="coach__suggestion" data-testid={testId} aria-label={suggestion.name}>
      <div className="coach__head">
        <h3 className="coach__subtitle">{suggestion.name}</h3>
        <Badge>{source}</Badge>
      </div>
      <p className="coach__timing">
        {timingLabel(timings)} s, a {cycleSeconds(timings)} s cycle. {suggestion.description}
      </p>
      <ol className="coach__list">
        {suggestion.phases.map((p) => (
          <li key={p.type}>
            {PHASE_FIELD_LABELS[p.type]} {p.duration} s: {p.instruction}
          </li>
        ))}
      </ol>
      <p className="coach__reasoning">{suggestion.reasoning}</p>
      {save.kind === 'saved' ? (
        <p role="status" className="coach__saved">
          Saved to your patterns{user ? '; it syncs to your account.' : ' on this device.'}{' '}
          <Link
            to="/session/$mode"
            params={{ mode: 'classic' }}
            search={{ pattern: save.id }}
            className={buttonClass('secondary', 'sm')}
          >
            Practice it now
          </Link>
        </p>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onSave()}
          disabled={save.kind === 'saving'}
        >
          {save.kind === 'saving' ? 'Saving…' : 'Save as my pattern'}
        </Button>
      )}
      <ErrorLine message={save.kind === 'failed' ? save.message : undefined} />
    </article>
  );
}

type Ask =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'done'; answer: PatternResponse }
  | { kind: 'failed'; message: string };

/**
 * A next pattern: the on-device suggestion (fixed rules from this session's figures), and,
 * when a provider is available, the provider's suggestion on request.
 */
export function PatternSuggestions({
  facts,
  provider,
}: {
  facts: CoachFacts;
  provider?: OfferedProvider;
}) {
  const [ask, setAsk] = useState<Ask>({ kind: 'idle' });
  const local = useMemo(
    () =>
      suggestPatternOnDevice({
        pattern: facts.pattern,
        completionPercent: completionPercent(facts.session.cycleCount, facts.session.targetCycles),
        rhythmConsistency: facts.session.rhythmConsistency,
        stillness: facts.session.stillnessScore,
      }),
    [facts],
  );
  const label = provider ? AI_PROVIDER_LABELS[provider.id] : '';
  const onAsk = async () => {
    if (!provider) return;
    setAsk({ kind: 'asking' });
    try {
      const token = await accessToken();
      if (!token) throw new Error('Sign in again to ask a provider.');
      const answer = await suggestPattern(token, provider.id, {
        session: facts.session,
        history: requestHistory(facts.history),
        totalSessions: facts.totalSessions,
      });
      setAsk({ kind: 'done', answer });
    } catch (e) {
      setAsk({ kind: 'failed', message: AI_ERROR_TEXT.suggestionFailed(label, failureText(e)) });
    }
  };
  return (
    <Card
      as="section"
      className="coach"
      aria-labelledby="next-pattern-title"
      data-testid="coach-patterns"
    >
      <h2 id="next-pattern-title">A next pattern</h2>
      {local ? (
        <SuggestionView
          suggestion={local}
          source="On-device suggestion"
          testId="coach-pattern-device"
        />
      ) : (
        <p className="muted">
          This pattern is already as short, or as long, as the on-device rules go; keep practicing
          it.
        </p>
      )}
      {provider && ask.kind === 'done' ? (
        <SuggestionView
          suggestion={ask.answer}
          source={`Suggested by ${AI_PROVIDER_LABELS[ask.answer.provider]} (${ask.answer.model})`}
          testId="coach-pattern-provider"
        />
      ) : null}
      {provider && ask.kind !== 'done' ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => void onAsk()}
            disabled={ask.kind === 'asking'}
            aria-busy={ask.kind === 'asking'}
          >
            {ask.kind === 'asking' ? `Asking ${label}…` : `Ask ${label} for a pattern`}
          </Button>
        </div>
      ) : null}
      <ErrorLine message={ask.kind === 'failed' ? ask.message : undefined} />
    </Card>
  );
}
