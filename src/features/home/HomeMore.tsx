import { Link, type LinkProps } from '@tanstack/react-router';

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

/** The instructor teaser's title, shown here and on the instructor side's own teaser. */
export const BECOME_INSTRUCTOR = 'Teach';

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

/**
 * What home tells someone new about the app, below the practice: the feature blurbs and
 * the teasers (and, on /enhanced, 'Ready for More'). Not for a returning visitor, whose
 * home is about their practice (HomeScreen shows it only on a first visit).
 */
export function HomeMore({
  variant,
  signedIn,
}: {
  variant: 'basic' | 'enhanced';
  signedIn: boolean;
}) {
  return (
    <div className="home-more">
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
