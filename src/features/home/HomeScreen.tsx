import { Link, type LinkProps } from '@tanstack/react-router';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { Card } from '../../ui/Card';
import { homeGreeting } from '../../domain/timeBands';
import { preselectPatternForGoal, type Goal } from '../../domain/goals';
import { meetsAuthLevel } from '../../domain/authLevel';
import { isAllowedForLevel } from '../../domain/recommendations';
import { PROGRESS_LABELS } from '../../domain/historySummary';
import { CHOSEN_MODES, type ChosenMode } from '../../domain/sessionModes';
import { useAuth } from '../../app/auth/authStore';
import { useDiscovery } from '../discovery';
import { useSessions } from '../../data/hooks';
import { discoverySelection } from '../../data/selectedPattern';
import { loadLocalData } from '../../data/loadLocalData';
import { getPattern } from '../../domain/patterns';
import { buttonClass } from '../../ui/Button';
import { MobileSelector, SessionPreview, Selector, type HomeTab } from './Selector';
import './home.css';

const MOBILE_QUERY = '(max-width: 40rem)';

function useMediaMatch(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

function useIsMobile(): boolean {
  return useMediaMatch(MOBILE_QUERY);
}

const FEATURES = [
  {
    title: 'Guided breathing',
    text: 'Box, Resonant and Wim Hof patterns with a guide that keeps exact time.',
  },
  { title: 'Performance metrics', text: 'Breath-hold time and stillness for every session.' },
  {
    title: 'Progress history',
    text: 'Every session is kept on this device and synced when you sign in.',
  },
  {
    title: 'AI vision coaching',
    text: 'Real-time feedback on stillness, posture and breathing rhythm from your camera, on your device.',
  },
];

/** Keeps a pattern chosen on home as the selected pattern (a preference; it syncs). */
function rememberChoice(id: string): void {
  const p = getPattern(id);
  if (!p) return;
  void loadLocalData()
    .then((d) => d.setSelectedPattern(discoverySelection(p)))
    .catch(() => undefined);
}

/** The instructor teaser's title, shown here and on the instructor side's own teaser. */
export const BECOME_INSTRUCTOR = 'Become an instructor';

/**
 * What a free account adds, each something this build delivers with an email account
 * alone (no wallet; token minting is offered in Creator Hub where it is set up).
 */
const TEASERS = [
  {
    title: 'Share and connect',
    text: 'Share your practice with the community and see how others breathe.',
    needs: 'Free account',
    to: '/community',
  },
  {
    title: BECOME_INSTRUCTOR,
    text: 'Teach your patterns and build courses.',
    needs: 'Free account',
    to: '/instructor-onboarding',
  },
] as const satisfies readonly HomeLinkCard[];

const READY_FOR_MORE = [
  {
    title: 'Explore the pattern library',
    text: 'Search, sort and keep favorites.',
    to: '/patterns',
  },
  {
    title: 'Create your own pattern',
    text: 'Set your own inhale, hold and exhale.',
    to: '/create',
  },
  {
    title: 'Share your journey',
    text: 'Post your progress when you are ready.',
    to: '/create-post',
  },
] as const satisfies readonly HomeLinkCard[];

interface HomeLinkCard {
  title: string;
  text: string;
  to: LinkProps['to'];
  /** What the linked area needs (an account or a wallet), shown as 'Needs: …'. */
  needs?: string;
}

/** A titled grid of cards, each a link to another area of the app. */
function LinkCardSection({
  id,
  title,
  cards,
  signedIn = false,
}: {
  id: string;
  title: string;
  cards: readonly HomeLinkCard[];
  /** A member has the account the cards would ask for: no 'Needs: Free account' then. */
  signedIn?: boolean;
}) {
  return (
    <section aria-labelledby={id} className="home-section">
      <h2 id={id}>{title}</h2>
      <ul className="home-grid">
        {cards.map((c) => (
          <li key={c.title}>
            <Link to={c.to} className="card card--interactive card--stack home-link-card">
              <span className="home-choice__title">{c.title}</span>
              <span className="home-choice__text">{c.text}</span>
              {c.needs && !signedIn ? (
                <span className="home-choice__meta">Needs: {c.needs}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HomeScreen({ variant }: { variant: 'basic' | 'enhanced' }) {
  const auth = useAuth();
  // Classic by default: one tap on the chosen pattern's Start and one on 'Start' reach the breath
  // (Enhanced adds the camera step; docs/product.md § Differences from the specification).
  const [mode, setMode] = useState<ChosenMode>('classic');
  const [tab, setTab] = useState<HomeTab>('goal');
  const [goal, setGoal] = useState<Goal | null>(null);
  const [patternId, setPatternId] = useState<string | null>(null);
  const [focusPatternId, setFocusPatternId] = useState<string | null>(null);
  const isMobile = useIsMobile();
  const { summary, ranked, rankFor, hour } = useDiscovery(goal, mode);

  const signedIn = auth.status === 'signedIn' && auth.user !== null;
  // A returning person: one tap repeats the last session (its pattern and mode).
  const last = useSessions(auth.user?.id ?? null)?.[0];
  const name = auth.user ? auth.user.name?.trim() || auth.user.email.split('@')[0] : '';

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
    <div className="page home">
      <section className="home-hero">
        {/* A no-break space keeps the greeting's line while the hour is unknown (hydration). */}
        <p className="home-hero__greeting">{hour === null ? '\u00a0' : homeGreeting(hour)}</p>
        <p className="muted">
          {/* 'Welcome back' only to someone who has been here before: a session on record. */}
          {signedIn
            ? last
              ? `Welcome back, ${name}!`
              : `Welcome, ${name}! Choose a goal for your first session.`
            : 'Choose your breathing goal to get started.'}
        </p>
        <h1>Transform your breathing</h1>
        <p className="home-hero__tagline">Peace through patterns. Breathe like never before.</p>
        {last ? (
          <Link
            to="/session/$mode"
            params={{ mode: last.sessionType }}
            search={{ pattern: last.patternId, start: 'now' }}
            className={`${buttonClass('primary', 'lg')} home-hero__again`}
            data-testid="breathe-again"
          >
            Practice again: {last.patternName}
          </Link>
        ) : null}
      </section>

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
      </div>

      {isMobile ? (
        <MobileSelector {...selectorProps} />
      ) : (
        <div className="home-main">
          <Selector {...selectorProps} />
          <SessionPreview patternId={patternId} mode={mode} />
        </div>
      )}

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
          {meetsAuthLevel(auth.level, 'evm') ? (
            <Link to="/community" className="link-target">
              Visit the community
            </Link>
          ) : null}
        </nav>
      ) : null}

      {variant === 'enhanced' ? (
        <LinkCardSection id="home-more-title" title="Ready for More" cards={READY_FOR_MORE} />
      ) : null}

      <section aria-labelledby="home-features-title" className="home-section">
        <h2 id="home-features-title">What you can do</h2>
        <ul className="home-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="card">
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <LinkCardSection
        id="home-teasers-title"
        title="Go further"
        cards={TEASERS}
        signedIn={signedIn}
      />
    </div>
  );
}
