import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DEFAULT_PATTERN_ID } from '../../domain/patterns';
import { buttonClass } from '../../ui/Button';

/**
 * Who home is for on this visit: a first visit, a returning visitor (a session on record
 * here), or not yet known (the prerendered page and hydration, before the device's
 * sessions are read: then the pre-paint hint on <html>, `data-practised`, picks the half
 * home.css shows, so the page paints once).
 */
export type HomeVisit = 'first' | 'returning' | 'unknown';

/** The first visit's one headline (docs/product.md § Home: the greeting and the tagline are not headlines). */
const HOME_HEADLINE = 'Transform your breathing';
/**
 * A returning visitor's headline: home is about their practice now, not a first-visit pitch
 * (docs/product.md § Differences from the specification).
 */
const HOME_RETURNING_HEADLINE = 'Welcome back';

/**
 * Home's top: one headline, one line under it and the way to start at once on every
 * device. A first visit starts box breathing (a first session gets box: docs/product.md §
 * Discovery); a returning visitor repeats what they practised last, and sees their
 * practice (`practice`) instead of the first visit's line. The start button's row is the
 * same height either way, so a wrong hint changes words, never the layout above it.
 */
export function HomeHero({
  visit,
  firstLine,
  returningLine,
  again,
  practice,
}: {
  visit: HomeVisit;
  firstLine: string;
  /** The returning visitor's line; a no-break space while unknown keeps its height. */
  returningLine: string;
  /** 'Practice again: …', once the last session is known. */
  again: ReactNode;
  /** The returning visitor's practice: last pattern, streak, what next. */
  practice: ReactNode;
}) {
  return (
    <section className="home-hero" data-visit={visit}>
      {/* One h1 holding both headlines in one grid cell: home.css shows the one this visit
          needs (the other is hidden, so not read) and the h1 keeps the taller one's height, so
          a wrong pre-paint hint changes words, never the layout under it. */}
      <h1 className="home-hero__title">
        <span className="home-hero__title-first">{HOME_HEADLINE}</span>
        <span className="home-hero__title-returning">{HOME_RETURNING_HEADLINE}</span>
      </h1>
      {visit === 'returning' ? null : (
        <div className="home-hero__first">
          <p className="home-hero__line">{firstLine}</p>
          <div className="home-hero__start" data-testid="home-start">
            <Link
              to="/session/$mode"
              params={{ mode: 'classic' }}
              search={{ pattern: DEFAULT_PATTERN_ID }}
              className={buttonClass('primary', 'lg')}
            >
              Start Breathing
            </Link>
          </div>
        </div>
      )}
      {visit === 'first' ? null : (
        <div className="home-hero__returning">
          <p className="home-hero__line">{returningLine}</p>
          <div className="home-hero__start" data-testid="home-start">
            {again ?? (
              // Before the last session is read: the session page starts the remembered pattern.
              <Link
                to="/session/$mode"
                params={{ mode: 'classic' }}
                search={{ start: 'now' }}
                className={`${buttonClass('primary', 'lg')} home-hero__again`}
              >
                Practice again
              </Link>
            )}
          </div>
          {practice}
        </div>
      )}
    </section>
  );
}
