import type { ShareStats } from '../../domain/share/shareStats';
import { Card } from '../../ui/Card';
import { Stat } from '../../ui/Stat';

/** The progress figures a post is made from: counted from this person's sessions. */
export function StatsSummary({ stats, compact = false }: { stats: ShareStats; compact?: boolean }) {
  return (
    <Card as="section" className="share-stats" aria-labelledby="share-stats-title">
      <h2 id="share-stats-title" className={compact ? 'visually-hidden' : undefined}>
        Your progress
      </h2>
      <dl className="stat-grid share-stats__grid" data-testid="share-stats">
        <Stat label="Sessions" value={String(stats.totalSessions)} />
        <Stat label="Minutes" value={String(stats.totalMinutes)} />
        <Stat label="Day streak" value={String(stats.currentStreak)} />
        {!compact ? <Stat label="Weekly goal" value={`${stats.weeklyGoalProgress}%`} /> : null}
        {!compact ? <Stat label="Favorite pattern" value={stats.favoritePattern ?? 'None yet'} /> : null}
        {!compact ? (
          <Stat
            label="Last session score"
            value={stats.lastSessionScore !== undefined ? `${stats.lastSessionScore}/100` : 'Not measured'}
          />
        ) : null}
      </dl>
    </Card>
  );
}
