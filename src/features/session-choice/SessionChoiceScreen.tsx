import { Link, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { sessionTypeFlowMachine, GUIDANCE_STEP_COUNT } from '../../machines/sessionTypeFlow';
import { Tabs, tabItems } from '../../ui/Tabs';
import { Button, buttonClass } from '../../ui/Button';
import { Badge } from '../../ui/Badge';
import { Field } from '../../ui/Field';
import { EmptyState } from '../../ui/EmptyState';
import { GOALS } from '../../domain/goals';
import { PATTERNS, cycleSeconds, getPattern, type BreathingPattern } from '../../domain/patterns';
import {
  CLEAR_FILTERS_LABEL,
  SELECTION_TABS,
  matchesSelectionQuery,
  patternsForSelectionTab,
  type SelectionTab,
} from '../../domain/librarySearch';
import { recommendationLimit } from '../../domain/recommendations';
import type { ChosenMode } from '../../domain/sessionModes';
import { discoverySelection, setSelectedPattern } from '../../data/selectedPatternRepo';
import { useDiscovery } from '../discovery';
import './session-choice.css';

const BACK_LABEL = 'Back';
const TRY_THIS_PATTERN = 'Try This Pattern';

interface GuideStep {
  title: string;
  text: string;
}

const COMMON_FIRST: GuideStep = {
  title: 'Get comfortable',
  text: 'Sit or lie down with your back long and your shoulders relaxed. Breathe through your nose if you can.',
};
const COMMON_LAST: GuideStep = {
  title: 'Stay gentle',
  text: 'Never strain. If you feel dizzy or uncomfortable, stop and breathe normally. You can pause at any time.',
};
const GUIDES: Record<ChosenMode, GuideStep[]> = {
  classic: [
    COMMON_FIRST,
    {
      title: 'Follow the guide',
      text: 'Breathe in as the shape grows, hold while it stays still, and breathe out as it shrinks. Audio cues keep time if you close your eyes.',
    },
    COMMON_LAST,
  ],
  enhanced: [
    COMMON_FIRST,
    {
      title: 'Set up your camera',
      text: 'Place your device so the camera sees your face and shoulders. Stillness is measured on this device; frames are not uploaded.',
    },
    COMMON_LAST,
  ],
};

/** Moves keyboard focus to the heading of each new screen of the flow. */
function useFocusOnChange(key: string) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [key]);
  return ref;
}

function PatternSelection({
  onPick,
  onBack,
}: {
  onPick: (id: string) => void;
  onBack: () => void;
}) {
  const { ranked } = useDiscovery(null, 'enhanced');
  const recommendedIds = ranked.slice(0, recommendationLimit('enhanced')).map((r) => r.patternId);
  const [tab, setTab] = useState<SelectionTab>('recommended');
  const [query, setQuery] = useState('');

  const content = (t: SelectionTab) => {
    const list = patternsForSelectionTab(PATTERNS, t, GOALS, recommendedIds).filter((p) =>
      matchesSelectionQuery(p, query),
    );
    if (list.length === 0) {
      return (
        <EmptyState title="No patterns match your search.">
          <Button
            variant="secondary"
            onClick={() => {
              setQuery('');
              setTab('all');
            }}
          >
            {CLEAR_FILTERS_LABEL}
          </Button>
        </EmptyState>
      );
    }
    return (
      <ul className="grid list-reset">
        {list.map((p) => (
          <li key={p.id}>
            <SelectionCard
              pattern={p}
              reason={ranked.find((r) => r.patternId === p.id)?.reason}
              onPick={onPick}
            />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <Field
        label="Search patterns"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Name, benefit or best for"
      />
      <Tabs
        label="Pattern categories"
        className="sc-tabs"
        value={tab}
        onValueChange={(v) => setTab(v as SelectionTab)}
        items={tabItems(SELECTION_TABS, content)}
      />
      <section className="card sc-instructor" aria-labelledby="sc-instructor-title">
        <h2 id="sc-instructor-title">Teach your own patterns</h2>
        <p className="muted">Share what works for you and guide others through it.</p>
        <Link to="/instructor-onboarding" className={buttonClass('secondary')}>
          Teach
        </Link>
      </section>
      <Button variant="ghost" onClick={onBack}>
        {BACK_LABEL}
      </Button>
    </>
  );
}

function SelectionCard({
  pattern: p,
  reason,
  onPick,
}: {
  pattern: BreathingPattern;
  reason?: string;
  onPick: (id: string) => void;
}) {
  return (
    <article className="card sc-card">
      <h3>{p.name}</h3>
      <p className="muted">{p.userBenefit}</p>
      <div className="sc-card__badges">
        <Badge>{p.difficulty}</Badge>
        <Badge>{cycleSeconds(p)}s cycle</Badge>
        <Badge>{p.timeToEffect}</Badge>
      </div>
      <p className="sc-card__best">Best for: {p.bestFor.join(', ')}</p>
      {reason ? <p className="sc-card__reason">{reason}</p> : null}
      <Button size="sm" aria-label={`${TRY_THIS_PATTERN}: ${p.name}`} onClick={() => onPick(p.id)}>
        {TRY_THIS_PATTERN}
      </Button>
    </article>
  );
}

export function SessionChoiceScreen() {
  const [snapshot, send] = useMachine(sessionTypeFlowMachine);
  const navigate = useNavigate();
  const stateKey = `${String(snapshot.value)}-${snapshot.context.step}`;
  const headingRef = useFocusOnChange(stateKey);

  useEffect(() => {
    if (snapshot.status !== 'done' || !snapshot.output) return;
    const out = snapshot.output;
    void (async () => {
      const p = getPattern(out.storePatternId);
      if (p) {
        await setSelectedPattern(discoverySelection(p)).catch(() => undefined);
      }
      await navigate({ to: '/session/$mode', params: { mode: out.mode }, search: out.search });
    })();
  }, [snapshot.status, snapshot.output, navigate]);

  if (snapshot.matches('selection')) {
    return (
      <div className="page session-choice">
        <h1 ref={headingRef} tabIndex={-1}>
          Practice
        </h1>
        <p className="muted">How would you like to breathe today?</p>
        <div className="sc-choices">
          <button
            type="button"
            className="card card--interactive card--stack sc-choice"
            onClick={() => send({ type: 'CHOOSE_CLASSIC' })}
          >
            <span className="sc-choice__title">Start Breathing</span>
            <span className="muted">
              A classic session with Box Breathing: no camera, no sign-up.
            </span>
          </button>
          <button
            type="button"
            className="card card--interactive card--stack sc-choice"
            onClick={() => send({ type: 'CHOOSE_ENHANCED' })}
          >
            <span className="sc-choice__title">Enhanced session</span>
            <span className="muted">
              Choose a pattern for a longer session. Your camera can watch how still you are, on
              your device only. Afterwards you get an analysis of how it went.
            </span>
          </button>
          {/* whole sessions in segments (docs/product.md § Programs). */}
          <Link to="/programs" className="card card--interactive card--stack sc-choice">
            <span className="sc-choice__title">Programs</span>
            <span className="muted">
              Whole sessions in segments: breathing that lengthens as you go, breath-hold tables,
              Wim Hof rounds, cyclic sighing and more.
            </span>
          </Link>
        </div>
      </div>
    );
  }

  if (snapshot.matches('patternSelection')) {
    return (
      <div className="page session-choice">
        <h1 ref={headingRef} tabIndex={-1}>
          Choose a pattern
        </h1>
        <PatternSelection
          onPick={(patternId) => send({ type: 'SELECT_PATTERN', patternId })}
          onBack={() => send({ type: 'BACK' })}
        />
      </div>
    );
  }

  const mode = snapshot.context.mode ?? 'classic';
  const step = snapshot.context.step;
  const guide = GUIDES[mode][step]!;
  const last = step === GUIDANCE_STEP_COUNT - 1;
  const patternName = getPattern(snapshot.context.patternId)?.name;

  return (
    <div className="page session-choice">
      <p className="muted sc-step">
        Step {step + 1} of {GUIDANCE_STEP_COUNT}
        {patternName ? ` · ${patternName}` : ''}
      </p>
      <h1 ref={headingRef} tabIndex={-1}>
        {guide.title}
      </h1>
      <p className="sc-guide">{guide.text}</p>
      <ol className="sc-dots" aria-hidden="true">
        {GUIDES[mode].map((g, i) => (
          <li key={g.title} className={i === step ? 'sc-dots__on' : undefined} />
        ))}
      </ol>
      <div className="sc-actions">
        <Button variant="ghost" onClick={() => send({ type: 'BACK' })}>
          {BACK_LABEL}
        </Button>
        <Button
          variant="secondary"
          onClick={() => send({ type: 'SKIP' })}
          disabled={snapshot.status === 'done'}
        >
          Skip Guide
        </Button>
        {last ? (
          <Button onClick={() => send({ type: 'START' })} disabled={snapshot.status === 'done'}>
            Start Session
          </Button>
        ) : (
          <Button onClick={() => send({ type: 'NEXT' })}>Next</Button>
        )}
      </div>
    </div>
  );
}
