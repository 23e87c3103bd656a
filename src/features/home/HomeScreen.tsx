import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Card } from '../../ui/Card';
import { homeGreeting } from '../../domain/timeBands';
import { lastPractisedTarget } from '../../domain/navigation';
import { preselectPatternForGoal, type Goal } from '../../domain/goals';
import { meetsAuthLevel } from '../../domain/authLevel';
import { isAllowedForLevel } from '../../domain/recommendations';
import { PROGRESS_LABELS } from '../../domain/historySummary';
import { CHOSEN_MODES, type ChosenMode } from '../../domain/sessionModes';
import { displayName, useAuth } from '../../app/auth/authStore';
import { useDiscovery } from '../discovery';
import { useSessions } from '../../data/hooks';
import { discoverySelection } from '../../data/selectedPattern';
import { loadLocalData } from '../../data/loadLocalData';
import { getPattern } from '../../domain/patterns';
import { buttonClass } from '../../ui/Button';
import { MobileSelector, SessionPreview, Selector, type HomeTab } from './Selector';
import { keepPractisedHint } from '../../app/prerender/homeHints';
import { HomeHero, type HomeVisit } from './HomeHero';
import { HomeMore } from './HomeMore';
import { HomePractice } from './HomePractice';
import './home.css';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Keeps a pattern chosen on home as the selected pattern (a preference; it syncs). */
function rememberChoice(id: string): void {
  const p = getPattern(id);
  if (!p) return;
  void loadLocalData()
    .then((d) => d.setSelectedPattern(discoverySelection(p)))
    .catch(() => undefined);
}

export function HomeScreen({
  variant,
  welcome,
  overlay,
}: {
  variant: 'basic' | 'enhanced';
  /** The first visit's welcome (the route's phone onboarding), under the hero. */
  welcome?: ReactNode;
  /** What floats over home for this visit (the route's install hint), told who it is for. */
  overlay?: (visit: HomeVisit) => ReactNode;
}) {
  const auth = useAuth();
  // Classic by default: one tap on the chosen pattern's Start and one on 'Start' reach the breath
  // (Enhanced adds the camera step; docs/product.md § Differences from the specification).
  const [mode, setMode] = useState<ChosenMode>('classic');
  const [tab, setTab] = useState<HomeTab>('goal');
  const [goal, setGoal] = useState<Goal | null>(null);
  const [patternId, setPatternId] = useState<string | null>(null);
  const [focusPatternId, setFocusPatternId] = useState<string | null>(null);
  // A returning visitor's choices (mode, goals, patterns) stay folded until asked for.
  const [choosing, setChoosing] = useState(false);
  const { summary, ranked, rankFor, hour } = useDiscovery(goal, mode);

  const signedIn = auth.status === 'signedIn' && auth.user !== null;
  // A returning person: one tap repeats the last session (its pattern and mode).
  const sessions = useSessions(auth.user?.id ?? null);
  const last = sessions?.[0];
  const again = lastPractisedTarget(sessions);
  // Who this visit is for, once the device's sessions are read (the hint decides until then).
  const visit: HomeVisit = sessions === undefined ? 'unknown' : last ? 'returning' : 'first';
  useEffect(() => {
    if (visit !== 'unknown') keepPractisedHint(visit === 'returning');
  }, [visit]);
  const name = auth.user ? displayName(auth.user) : '';

  // The pattern the screen shows is kept as the selected pattern: the bottom bar's play
  // button starts it (docs/product.md § Sessions).
  const choosePattern = useCallback((id: string) => {
    setPatternId(id);
    rememberChoice(id);
  }, []);

  // Home flow: goal chosen -> patterns tab (recommended pattern preselected) -> pattern chosen -> start.
  const chooseGoal = useCallback(
    (g: Goal) => {
      setGoal(g);
      // Ranked with the chosen goal in mind: the same rules the Smart Picks use.
      const preselected = preselectPatternForGoal(
        g,
        rankFor(g).map((r) => r.patternId),
        (id) => isAllowedForLevel(id, summary.userLevel),
      );
      setPatternId(preselected);
      if (preselected) rememberChoice(preselected);
      setTab('pattern');
      setFocusPatternId(preselected);
    },
    [rankFor, summary.userLevel],
  );
  const clearFocus = useCallback(() => setFocusPatternId(null), []);

  const selectorProps = {
    hour,
    goal,
    patternId,
    tab,
    mode,
    ranked,
    onTab: setTab,
    onGoal: chooseGoal,
    onPattern: choosePattern,
    focusPatternId,
    onFocused: clearFocus,
  };

  return (
    <div className="page home" data-visit={visit} data-choosing={choosing ? '' : undefined}>
      <HomeHero
        visit={visit}
        firstLine={
          signedIn
            ? `Welcome, ${name}! Start now, or choose a goal below.`
            : 'Start now, or choose your breathing goal below.'
        }
        returningLine={
          hour === null || visit !== 'returning'
            ? '\u00a0'
            : signedIn && name
              ? `${name}, ${lowerFirst(homeGreeting(hour))}`
              : homeGreeting(hour)
        }
        again={
          again?.kind === 'program' ? (
            <Link
              to="/programs/$programId"
              params={{ programId: again.id }}
              search={{ start: 'now' }}
              className={`${buttonClass('primary', 'lg')} home-hero__again`}
              data-testid="breathe-again"
            >
              <span className="home-hero__label">Practice again: {again.name}</span>
            </Link>
          ) : again ? (
            <Link
              to="/session/$mode"
              params={{ mode: again.mode ?? 'classic' }}
              search={{ pattern: again.id, start: 'now' }}
              className={`${buttonClass('primary', 'lg')} home-hero__again`}
              data-testid="breathe-again"
            >
              <span className="home-hero__label">Practice again: {again.name}</span>
            </Link>
          ) : null
        }
        practice={
          <HomePractice
            sessions={sessions}
            next={ranked.find((r) => r.patternId !== last?.patternId)}
            named={again?.name}
          />
        }
      />
      {welcome}

      {/* A first visit sees the choices at once; a returning visitor opens them (home.css,
          with the pre-paint hint while the device's sessions are read). */}
      <section className="home-choose" aria-label="Choose a practice">
        <button
          type="button"
          className={`${buttonClass('secondary')} home-choose__open`}
          aria-expanded={choosing}
          aria-controls="home-choose-body"
          onClick={() => setChoosing((c) => !c)}
        >
          Choose another practice
        </button>
        <div className="home-choose__body" id="home-choose-body">
          <div className="home-controls">
            <div className="home-mode" role="group" aria-label="Session type">
              {CHOSEN_MODES.map((m) => (
                <button
                  key={m}
                  type="button"
                  className={`home-mode__option${mode === m ? ' home-mode__option--on' : ''}`}
                  aria-pressed={mode === m}
                  onClick={() => setMode(m)}
                >
                  {m === 'classic' ? 'Classic' : 'Enhanced'}
                </button>
              ))}
            </div>
            <p className="muted home-mode__note">
              Classic is the guide alone; Enhanced adds your camera to measure how still you stay
              (on this device).
            </p>
          </div>

          {/* Both layouts are built; home.css shows the phone's or the wider one before any
            script runs, so hydration never swaps one for the other. */}
          <MobileSelector {...selectorProps} />
          <div className="home-main">
            <Selector {...selectorProps} />
            <SessionPreview patternId={patternId} mode={mode} />
          </div>
        </div>
      </section>

      {signedIn && summary.totalSessions > 0 ? (
        <Card as="section" className="home-progress" aria-labelledby="home-progress-title">
          <h2 id="home-progress-title">{PROGRESS_LABELS.title}</h2>
          <dl className="home-progress__stats">
            <div className="stat">
              <dt className="stat__label">{PROGRESS_LABELS.totalSessions}</dt>
              <dd className="stat__value">{summary.totalSessions}</dd>
            </div>
            <div className="stat">
              <dt className="stat__label">{PROGRESS_LABELS.thisWeek}</dt>
              <dd className="stat__value">{summary.thisWeek}</dd>
            </div>
            <div className="stat">
              <dt className="stat__label">{PROGRESS_LABELS.favoritePattern}</dt>
              <dd className="stat__value">{summary.favoritePattern}</dd>
            </div>
          </dl>
        </Card>
      ) : null}

      {meetsAuthLevel(auth.level, 'supabase') || meetsAuthLevel(auth.level, 'evm') ? (
        <nav className="home-links" aria-label="Your areas">
          {meetsAuthLevel(auth.level, 'supabase') ? (
            <Link to="/progress" className="link-target">
              View your progress
            </Link>
          ) : null}
          {meetsAuthLevel(auth.level, 'supabase') ? (
            <Link to="/community" className="link-target">
              Visit the community
            </Link>
          ) : null}
        </nav>
      ) : null}

      {visit === 'returning' ? null : <HomeMore variant={variant} signedIn={signedIn} />}
      {overlay?.(visit)}
    </div>
  );
}
