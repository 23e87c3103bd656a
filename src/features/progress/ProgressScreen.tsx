import './progress.css';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useGuestSessionCount, useSessions } from '../../data/hooks';
import { attachGuestSessions } from '../../data/sessionsRepo';
import { requestSync } from '../../sync/page/syncEngine';
import { AchievementIcon } from './AchievementIcon';
import type { SessionRecord } from '../../data/db';
import { computeAchievements, isUnlocked, type Achievement } from '../../domain/achievements';
import { userLevel, type UserLevel } from '../../domain/historySummary';
import { stillnessFromRestlessness } from '../../domain/sessionScoring';
import { formatDuration } from '../../domain/duration';
import {
  deviceTimeZone,
  minutesPerDay,
  practiceTimeText,
  progressStats,
  sessionsPerPattern,
  stillnessTrend,
  WEEKLY_GOAL_SESSIONS,
  type StatSession,
} from '../../domain/stats';
import { Button, buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { LoadingPage } from '../../ui/LoadingPage';
import { ProgramHistoryLine } from '../programs';

function ChartsUnavailable() {
  return (
    <p className="muted" role="status">
      The charts could not load (they download the first time you open this page online). Your
      numbers above and your session history below are complete.
    </p>
  );
}

// recharts lives in the 'charts' chunk and loads only here. Offline before it was ever
// cached, the page still works without the charts.
const ProgressCharts = lazy(() =>
  import('./ProgressCharts').catch(() => ({
    default: ChartsUnavailable as (p: object) => ReturnType<typeof ChartsUnavailable>,
  })),
);

const LEVEL_LABEL: Record<UserLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="stat">
      <dt>{label}</dt>
      <dd>
        <span className="stat__value">{value}</span>
        {note ? <span className="stat__note muted">{note}</span> : null}
      </dd>
    </div>
  );
}

function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const pct = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      className="meter"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${Math.min(value, max)} of ${max}`}
    >
      <span className="meter__fill" style={{ width: `${pct}%` }} />
    </div>
  );
}

function AchievementCard({ a }: { a: Achievement }) {
  const unlocked = isUnlocked(a);
  return (
    <li className={`achievement ${unlocked ? 'achievement--unlocked' : ''}`}>
      <span className="achievement__icon" aria-hidden="true">
        <AchievementIcon name={a.icon} />
      </span>
      <div className="achievement__body">
        <h3>{a.title}</h3>
        <p className="muted">{a.description}</p>
        <ProgressBar value={a.progress} max={a.maxProgress} label={`${a.title} progress`} />
        <p className="achievement__status">
          {unlocked
            ? `Unlocked ${new Date(a.unlockedAt!).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`
            : `${a.progress} / ${a.maxProgress}`}
        </p>
      </div>
    </li>
  );
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

function HistoryList({ sessions }: { sessions: SessionRecord[] }) {
  return (
    <ol className="history-list">
      {sessions.map((s) => {
        return (
          <li key={s.id} className="history-item">
            <div>
              <strong>{s.patternName}</strong>
              <div className="muted">
                <time dateTime={s.createdAt}>{dateTime(s.createdAt)}</time> ·{' '}
                {formatDuration(s.duration ?? 5)}
              </div>
              <ProgramHistoryLine record={s} />
            </div>
            <span className="history-item__quality">
              {s.completed
                ? `${s.cycleCount} ${s.cycleCount === 1 ? 'cycle' : 'cycles'}`
                : `${s.cycleCount} of ${s.targetCycles} cycles`}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** /progress: the statistics, charts, history and achievements, from local data. */
function GuestSessionsNote({ userId }: { userId: string }) {
  const count = useGuestSessionCount();
  if (count === 0) return null;
  const sessions = `${count} ${count === 1 ? 'session' : 'sessions'}`;
  return (
    <Card className="row guest-note">
      <p>
        {sessions} practiced as a guest on this device {count === 1 ? 'is' : 'are'} not part of your
        account yet, so {count === 1 ? 'it is' : 'they are'} not counted here.
      </p>
      <Button
        variant="secondary"
        size="sm"
        onClick={async () => {
          await attachGuestSessions(userId);
          requestSync();
        }}
      >
        Add them to my account
      </Button>
    </Card>
  );
}

/** The page's heading, also shown while the account is read. */
export const PROGRESS_HEADING = 'Your Progress';

/** Below a guest's progress: the same numbers on every device, with a free account. */
function GuestSyncOffer() {
  return (
    <Card as="section" className="stack guest-offer" aria-labelledby="guest-offer-heading">
      <h2 id="guest-offer-heading">Keep your progress on every device</h2>
      <p className="muted">
        These sessions are kept on this device only. With a free account they are kept safe and
        follow you to your other devices.
      </p>
      <div>
        <Link
          to="/auth"
          search={{ context: 'progress', redirect: '/progress' }}
          className={buttonClass('secondary')}
        >
          Sign up or sign in
        </Link>
      </div>
    </Card>
  );
}

/**
 * /progress: the statistics, charts, history and achievements, from local data. `userId`
 * null is a guest: the sessions practised on this device without an account.
 */
export function ProgressScreen({ userId }: { userId: string | null }) {
  // The account's own sessions, from every device: the sync pulls the ones practised
  // elsewhere into the local database (guest sessions of this device count once attached).
  // A guest's are the device's sessions without an owner.
  const visible = useSessions(userId);
  const sessions = useMemo(() => visible?.filter((s) => s.userId === userId), [visible, userId]);
  const timeZone = deviceTimeZone();
  const view = useMemo(() => {
    if (!sessions) return null;
    // A session record carries every field the statistics read; they read nothing else.
    const list: readonly StatSession[] = sessions;
    const now = new Date();
    return {
      stats: progressStats(list, now, timeZone),
      days: minutesPerDay(list, now, timeZone, 30),
      patterns: sessionsPerPattern(list),
      stillness: stillnessTrend(list, timeZone),
      achievements: computeAchievements(list, timeZone),
      level: userLevel(list.length),
    };
  }, [sessions, timeZone]);

  if (!sessions || !view)
    return (
      <LoadingPage
        heading={PROGRESS_HEADING}
        label="Loading your progress"
        className="progress-page"
      />
    );
  const { stats } = view;

  return (
    <div className="page progress-page stack">
      <h1>{PROGRESS_HEADING}</h1>
      {userId ? <GuestSessionsNote userId={userId} /> : null}
      {sessions.length === 0 ? (
        <EmptyState title="No sessions yet. Your statistics, charts and achievements start with your first session.">
          <div className="row">
            <Link to="/session" className={buttonClass('primary')}>
              Start your first session
            </Link>
            <Link to="/patterns" className={buttonClass('secondary')}>
              Browse patterns
            </Link>
          </div>
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby="stats-heading">
            <h2 id="stats-heading">Overview</h2>
            <dl className="stats-grid">
              <Stat label="Total Sessions" value={String(stats.totalSessions)} />
              <Stat label="Total Time" value={practiceTimeText(stats.totalSeconds)} />
              <Stat
                label="This Week"
                value={String(stats.thisWeek)}
                note="sessions in the last 7 days"
              />
              <Stat
                label="Current Streak"
                value={`${stats.currentStreak} ${stats.currentStreak === 1 ? 'day' : 'days'}`}
                note={
                  stats.longestStreak > stats.currentStreak
                    ? `best: ${stats.longestStreak} days`
                    : undefined
                }
              />
              <Stat
                label="Longest Breath Hold"
                value={
                  stats.longestBreathHold !== undefined
                    ? `${Math.round(stats.longestBreathHold * 10) / 10} s`
                    : '—'
                }
                note={stats.longestBreathHold === undefined ? 'no hold recorded yet' : undefined}
              />
              <Stat
                label="Average Stillness"
                value={
                  stats.averageRestlessness !== undefined
                    ? `${stillnessFromRestlessness(stats.averageRestlessness)}%`
                    : '—'
                }
                note="measured only in camera sessions"
              />
              <Stat label="Preferred Pattern" value={stats.preferredPattern ?? 'None'} />
              <Stat label="Level" value={LEVEL_LABEL[view.level]} />
            </dl>
            <div className="weekly-goal card">
              <h3 id="weekly-goal-heading">Weekly goal</h3>
              <p className="muted">
                {stats.thisWeek} of {WEEKLY_GOAL_SESSIONS} sessions in the last 7 days (
                {stats.weeklyGoalProgress}%)
              </p>
              <ProgressBar
                value={stats.weeklyGoalProgress}
                max={100}
                label="Weekly goal progress"
              />
            </div>
          </section>

          <section aria-labelledby="charts-heading">
            <h2 id="charts-heading">Trends</h2>
            <Suspense fallback={<LoadingDots label="Loading charts" />}>
              <ProgressCharts
                days={view.days}
                patterns={view.patterns}
                stillness={view.stillness}
              />
            </Suspense>
          </section>
        </>
      )}

      <section aria-labelledby="achievements-heading">
        <h2 id="achievements-heading">Achievements</h2>
        <p className="muted">
          {view.achievements.filter(isUnlocked).length} of {view.achievements.length} unlocked
        </p>
        <ul className="achievements-grid">
          {view.achievements.map((a) => (
            <AchievementCard key={a.id} a={a} />
          ))}
        </ul>
      </section>

      {sessions.length > 0 ? (
        <section aria-labelledby="history-heading">
          <h2 id="history-heading">Session history</h2>
          <Card>
            <HistoryList sessions={sessions} />
          </Card>
        </section>
      ) : null}

      {userId ? null : <GuestSyncOffer />}
    </div>
  );
}
