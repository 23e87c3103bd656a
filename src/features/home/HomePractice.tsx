import { Link } from '@tanstack/react-router';
import { currentStreak, deviceTimeZone } from '../../domain/stats';
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

/**
 * A returning visitor's practice on home: the last session, the streak and what to try
 * next (the first Smart Pick). Every row keeps its line while the device's sessions are
 * read (`sessions` undefined), so filling it in moves nothing.
 */
export function HomePractice({
  sessions,
  next,
}: {
  sessions: readonly SessionRecord[] | undefined;
  next: Recommendation | undefined;
}) {
  const now = new Date();
  const last = sessions?.[0];
  const streak = sessions ? currentStreak(sessions, now, deviceTimeZone()) : null;
  const blank = '\u00a0';
  return (
    <dl className="home-practice" aria-label="Your practice">
      <div>
        <dt>Last session</dt>
        <dd>{last ? `${last.patternName}, ${dayWord(last.createdAt, now)}` : blank}</dd>
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
