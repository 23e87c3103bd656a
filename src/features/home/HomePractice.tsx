import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { SessionRecord } from '../../domain/sessionRecord';
import type { Recommendation } from '../../domain/recommendations';

/** 'today', 'yesterday' or 'N days ago', by calendar day on this device. */
function dayWord(iso: string, now: Date): string {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate());
  const days = Math.round((day(now) - day(new Date(iso))) / 86_400_000);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

const blankLine = '\u00a0';

/**
 * The streak in days, once the sessions are read. The statistics module loads only when there
 * is a session to count (a returning visitor), so a first visit's JavaScript does not carry it
 * (README § Performance, the size budget); until then the row keeps its line.
 */
function useStreak(sessions: readonly SessionRecord[] | undefined): number | null {
  const [streak, setStreak] = useState<number | null>(null);
  useEffect(() => {
    if (!sessions) return;
    if (sessions.length === 0) {
      setStreak(0);
      return;
    }
    let live = true;
    void import('../../domain/stats').then(({ currentStreak, deviceTimeZone }) => {
      if (live) setStreak(currentStreak(sessions, new Date(), deviceTimeZone()));
    });
    return () => {
      live = false;
    };
  }, [sessions]);
  return streak;
}

/**
 * A returning visitor's practice on home: the last session, the streak and what to try
 * next (the first Smart Pick). Every row keeps its line while the device's sessions are
 * read (`sessions` undefined), so filling it in moves nothing.
 */
export function HomePractice({
  sessions,
  next,
  named,
}: {
  sessions: readonly SessionRecord[] | undefined;
  next: Recommendation | undefined;
  /** A pattern name the screen already says above (the 'Practice again: …' button). */
  named?: string;
}) {
  const now = new Date();
  const last = sessions?.[0];
  // Each name once: the last session's row says only when when the button above names it,
  // and 'Next' is another pattern than the one just practised.
  const when = last ? dayWord(last.createdAt, now) : '';
  const lastText = !last
    ? blankLine
    : last.patternName === named
      ? when.charAt(0).toUpperCase() + when.slice(1)
      : `${last.patternName}, ${when}`;
  const streak = useStreak(sessions);
  const blank = blankLine;
  return (
    <dl className="home-practice" aria-label="Your practice">
      <div>
        <dt>Last session</dt>
        <dd data-testid="home-last-session">{lastText}</dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd>{streak === null ? blank : `${streak} ${streak === 1 ? 'day' : 'days'}`}</dd>
      </div>
      <div>
        <dt>Next</dt>
        <dd>
          {next ? (
            <Link
              to="/session/$mode"
              params={{ mode: 'classic' }}
              search={{ pattern: next.patternId }}
              className="link-target"
            >
              {next.pattern.name}
            </Link>
          ) : (
            blank
          )}
        </dd>
      </div>
    </dl>
  );
}
