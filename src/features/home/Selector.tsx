import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { HomeTabs } from './HomeTabs';
import { Badge } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';
import { GOALS, isGoalOptimalNow, type Goal } from '../../domain/goals';
import {
  PATTERNS,
  cycleSeconds,
  getPattern,
  phasesShown,
  type BreathingPattern,
} from '../../domain/patterns';
import {
  HOME_RECOMMENDATION_COUNT,
  REASON_BADGES,
  type Recommendation,
} from '../../domain/recommendations';
import { loadLocalData } from '../../data/loadLocalData';
import { discoverySelection } from '../../data/selectedPattern';
import type { ChosenMode } from '../../domain/sessionModes';
import { MoodChoice } from '../discovery';

export type HomeTab = 'goal' | 'pattern' | 'picks';

/** The three tab labels of home (also the mobile variant's section headings). */
const HOME_TAB_LABELS: Record<HomeTab, string> = {
  goal: 'Choose Goal',
  pattern: 'Select Pattern',
  picks: 'Smart Picks',
};

interface SelectorProps {
  hour: number | null;
  goal: Goal | null;
  patternId: string | null;
  tab: HomeTab;
  mode: ChosenMode;
  ranked: Recommendation[];
  onTab: (tab: HomeTab) => void;
  onGoal: (goal: Goal) => void;
  onPattern: (patternId: string) => void;
  /** Set after a goal is chosen: the pattern button to move keyboard focus to. */
  focusPatternId: string | null;
  onFocused: () => void;
}

function GoalList({
  hour,
  goal,
  onGoal,
  compact,
}: Pick<SelectorProps, 'hour' | 'goal' | 'onGoal'> & { compact?: boolean }) {
  return (
    <ul
      className={compact ? 'home-goals home-goals--compact' : 'home-goals'}
      aria-label="Breathing goals"
    >
      {GOALS.map((g) => {
        const optimal = hour !== null && isGoalOptimalNow(g, hour);
        const names = g.patterns.map((id) => getPattern(id)?.name ?? id).join(', ');
        return (
          <li key={g.id}>
            <button
              type="button"
              className={`card card--interactive card--stack home-choice${goal?.id === g.id ? ' card--selected' : ''}`}
              aria-pressed={goal?.id === g.id}
              onClick={() => onGoal(g)}
            >
              <span className="home-choice__title">{g.title}</span>
              {compact ? null : <span className="home-choice__text">{g.description}</span>}
              {compact ? null : <span className="home-choice__meta">{names}</span>}
              {optimal ? <Badge tone="success">Optimal Time</Badge> : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function PatternList({
  goal,
  patternId,
  ranked,
  onPattern,
  focusPatternId,
  onFocused,
  compact,
}: Pick<
  SelectorProps,
  'goal' | 'patternId' | 'ranked' | 'onPattern' | 'focusPatternId' | 'onFocused'
> & {
  compact?: boolean;
}) {
  const patterns: BreathingPattern[] = goal
    ? goal.patterns.map((id) => getPattern(id)).filter((p): p is BreathingPattern => Boolean(p))
    : [...PATTERNS];
  // The first (best) reason per pattern: ranked is sorted and deduplicated.
  const reasons = new Map(ranked.map((r) => [r.patternId, REASON_BADGES[r.source]]));
  const refs = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    if (!focusPatternId) return;
    refs.current.get(focusPatternId)?.focus();
    onFocused();
  }, [focusPatternId, onFocused]);

  return (
    <>
      {goal ? <p className="muted home-patterns__for">Patterns for {goal.title}</p> : null}
      <ul
        className={compact ? 'home-patterns home-patterns--compact' : 'home-patterns'}
        aria-label="Breathing patterns"
      >
        {patterns.map((p) => {
          const reason = reasons.get(p.id);
          return (
            <li key={p.id}>
              <button
                type="button"
                ref={(el) => {
                  if (el) refs.current.set(p.id, el);
                  else refs.current.delete(p.id);
                }}
                className={`card card--interactive card--stack home-choice${patternId === p.id ? ' card--selected' : ''}`}
                aria-pressed={patternId === p.id}
                onClick={() => onPattern(p.id)}
              >
                <span className="home-choice__title">{p.name}</span>
                {compact ? null : <span className="home-choice__text">{p.description}</span>}
                <span className="home-choice__meta">{cycleSeconds(p)}s cycle</span>
                {reason !== undefined ? <Badge tone="primary">{reason}</Badge> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function SmartPicks({
  ranked,
  patternId,
  onPattern,
}: Pick<SelectorProps, 'ranked' | 'patternId' | 'onPattern'>) {
  const picks = ranked.slice(0, HOME_RECOMMENDATION_COUNT);
  return (
    <>
      <MoodChoice />
      <ul className="home-picks" aria-label={HOME_TAB_LABELS.picks}>
        {picks.map((r) => (
          <li key={r.patternId}>
            <button
              type="button"
              className={`card card--interactive card--stack home-choice${patternId === r.patternId ? ' card--selected' : ''}`}
              aria-pressed={patternId === r.patternId}
              onClick={() => onPattern(r.patternId)}
            >
              <span className="home-choice__title">{r.pattern.name}</span>
              <Badge tone="primary">{REASON_BADGES[r.source]}</Badge>
              <span className="home-choice__text">{r.reason}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The Session Preview panel. */
export function SessionPreview({
  patternId,
  mode,
  bar,
}: {
  patternId: string | null;
  mode: ChosenMode;
  /** The phone's bar: under the pattern cards, in the page's flow (it never covers them). */
  bar?: boolean;
}) {
  const p = getPattern(patternId);
  // On a phone the bar shows only when it has something to start.
  if (bar && !p) return null;
  const label = mode === 'classic' ? 'Start Classic Session' : 'Start Enhanced Session';
  // Home builds the phone's bar and the wider layout's panel side by side.
  const titleId = bar ? 'home-preview-title-m' : 'home-preview-title';
  return (
    <section
      className={`card home-preview${bar ? ' home-preview--bar' : ''}`}
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className={bar ? 'visually-hidden' : undefined}>
        Session Preview
      </h2>
      {p ? (
        <>
          <p className="home-preview__name">{p.name}</p>
          {bar ? null : (
            <dl className="home-preview__phases" data-testid="preview-phases">
              {phasesShown(p).map(({ label, seconds }, i) => (
                <div key={i}>
                  <dt>{label}</dt>
                  <dd>{seconds}s</dd>
                </div>
              ))}
            </dl>
          )}
          <Link
            to="/session/$mode"
            params={{ mode }}
            search={{ pattern: p.id }}
            className={buttonClass('primary', 'lg')}
            onClick={() => {
              // Kept locally too (the selected pattern, discovery shape); the URL carries the choice.
              const selection = discoverySelection(p);
              void loadLocalData()
                .then((data) => data.setSelectedPattern(selection))
                .catch(() => undefined);
            }}
          >
            {label}
          </Link>
        </>
      ) : (
        <p className="muted">Select a goal and pattern to preview your session.</p>
      )}
    </section>
  );
}

/** Desktop and tablet: the three tabs. */
export function Selector(props: SelectorProps) {
  return (
    <HomeTabs<HomeTab>
      label="Choose how to practice"
      className="home-selector"
      value={props.tab}
      onValueChange={props.onTab}
      items={[
        { value: 'goal', label: HOME_TAB_LABELS.goal, content: <GoalList {...props} /> },
        { value: 'pattern', label: HOME_TAB_LABELS.pattern, content: <PatternList {...props} /> },
        { value: 'picks', label: HOME_TAB_LABELS.picks, content: <SmartPicks {...props} /> },
      ]}
    />
  );
}

/** One step of the mobile variant, headed by its tab label. */
function MobileStep({ step, children }: { step: 'goal' | 'pattern'; children: ReactNode }) {
  const id = `home-m-${step}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="home-mobile__step">
        {HOME_TAB_LABELS[step]}
      </h2>
      {children}
    </section>
  );
}

/**
 * The mobile variant: no tabs; the goals and patterns are compact rows one after the
 * other, the chosen pattern's start button right under the patterns (in the flow, so it
 * never covers a card; the bottom bar's play button starts it too), and Smart Picks fold
 * away.
 */
export function MobileSelector(props: SelectorProps) {
  return (
    <div className="home-mobile">
      <MobileStep step="goal">
        <GoalList {...props} compact />
      </MobileStep>
      <MobileStep step="pattern">
        <PatternList {...props} compact />
        <SessionPreview patternId={props.patternId} mode={props.mode} bar />
      </MobileStep>
      <details className="home-mobile__picks">
        <summary>{HOME_TAB_LABELS.picks}</summary>
        <SmartPicks {...props} />
      </details>
    </div>
  );
}
