import type { ShareStats } from '../../domain/share/shareStats';
import { Card } from '../../ui/Card';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">{value}</dd>
    </div>
  );
}

/** The progress figures a post is made from: counted from this person's sessions. */
export function StatsSummary({ stats, compact = false }: { stats: ShareStats; compact?: boolean }) {
  return (
    <Card as="section" className="share-stats" aria-labelledby="share-stats-title">
      <h2 id="share-stats-title" className={compact ? 'visually-hidden' : undefined}>
        Your progress
      </h2>
      <dl className="share-stats__grid" data-testid="share-stats">
        <Figure label="Sessions" value={String(stats.totalSessions)} />
        <Figure label="Minutes" value={String(stats.totalMinutes)} />
        <Figure label="Day streak" value={String(stats.currentStreak)} />
        {!compact ? <Figure label="Weekly goal" value={`${stats.weeklyGoalProgress}%`} /> : null}
        {!compact ? <Figure label="Favourite pattern" value={stats.favoritePattern ?? 'None yet'} /> : null}
        {!compact ? (
          <Figure
            label="Last session score"
            value={stats.lastSessionScore !== undefined ? `${stats.lastSessionScore}/100` : 'Not measured'}
          />
        ) : null}
      </dl>
    </Card>
  );
}
