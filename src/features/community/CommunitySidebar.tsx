import { useQuery } from '@tanstack/react-query';
import { communityApi, type Challenge, type CommunityAchievementState } from '../../backend/api/communityApi';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LineIcon, type LineIconName } from '../../ui/LineIcon';
import { LoadingDots } from '../../ui/LoadingDots';
import { Stat } from '../../ui/Stat';
import { reasonOf } from './usePostActions';
import { socialKeys } from './timelineCache';
import { useTryPattern } from './useTryPattern';

// No rarity is shown: none is computed from how many members actually have one.
const ACHIEVEMENTS: Record<CommunityAchievementState['id'], { title: string; description: string; icon: LineIconName }> = {
  'first-post': { title: 'First post shared', description: 'Share a session with the community.', icon: 'sprout' },
  'seven-posts': { title: 'Regular sharer', description: 'Share 7 posts.', icon: 'calendar' },
  'ten-responses': { title: 'Inspiring', description: 'Receive 10 reactions or comments from others.', icon: 'star' },
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'short' });

function Meter({ value, max, label }: { value: number; max: number; label: string }) {
  return <progress className="community-meter" value={Math.min(value, max)} max={max} aria-label={label} />;
}

function ChallengeCard({ c }: { c: Challenge }) {
  const tryPattern = useTryPattern(c.pattern);
  const name = c.pattern.name;
  return (
    <li className="challenge">
      <h3>
        {name}: {c.targetSessions} sessions of {c.duration / 60} minutes
      </h3>
      <p className="muted">
        Practice {name} for at least {c.duration / 60} minutes, {c.targetSessions} times, before {day(c.endsAt)}. {c.participants}{' '}
        {c.participants === 1 ? 'person is' : 'people are'} taking part.
      </p>
      <p>
        You: {Math.min(c.yourSessions, c.targetSessions)} of {c.targetSessions}
        {c.yourSessions >= c.targetSessions ? ': done!' : ''}
      </p>
      <Meter value={c.yourSessions} max={c.targetSessions} label={`Your progress in the ${name} challenge`} />
      {tryPattern ? (
        <Button variant="ghost" size="sm" onClick={tryPattern}>
          Try this pattern
        </Button>
      ) : null}
    </li>
  );
}

/** Community counts, this week's challenges and the member's social achievements. */
export function CommunitySidebar({ userId }: { userId: string }) {
  const q = useQuery({ queryKey: socialKeys.community(userId), queryFn: communityApi.community });
  if (q.isPending) return <LoadingDots label="Loading community figures" />;
  if (q.isError) return <p role="alert">The community figures could not be loaded: {reasonOf(q.error)}</p>;
  const { stats, challenges, achievements, generatedAt } = q.data;
  return (
    <>
      <Card as="section" aria-labelledby="community-stats-title">
        <h2 id="community-stats-title">Community</h2>
        {Object.values(stats).every((n) => n === 0) ? (
          // A new community invites rather than shows a row of zeros.
          <p data-testid="community-stats">
            It is quiet here so far. Share a session and you will be the first others see.
          </p>
        ) : (
          <>
            <dl className="community-stats" data-testid="community-stats">
              <Stat label="Active this week" value={stats.activeUsers} />
              <Stat label="Sessions in the last hour" value={stats.sessionsLastHour} />
              <Stat label="Sessions in the last 24 hours" value={stats.sessionsToday} />
              <Stat label="All sessions" value={stats.totalSessions} />
              <Stat label="Members sharing" value={stats.sharingMembers} />
              <Stat label="Posts this week" value={stats.postsThisWeek} />
            </dl>
            <p className="muted">Updated at {new Date(generatedAt).toLocaleTimeString()}.</p>
          </>
        )}
      </Card>
      <Card as="section" aria-labelledby="challenges-title">
        <h2 id="challenges-title">This week&apos;s challenges</h2>
        {challenges.length === 0 ? (
          <p className="muted">No challenge this week yet: each pattern shared this week starts one. Share a session to begin.</p>
        ) : (
          <ul className="challenges">
            {challenges.map((c) => (
              <ChallengeCard key={c.id} c={c} />
            ))}
          </ul>
        )}
      </Card>
      <Card as="section" aria-labelledby="social-achievements-title">
        <h2 id="social-achievements-title">Your community achievements</h2>
        <ul className="social-achievements">
          {achievements.map((a) => {
            const info = ACHIEVEMENTS[a.id];
            return (
              <li key={a.id} className={a.unlockedAt ? 'social-achievement social-achievement--unlocked' : 'social-achievement'}>
                <LineIcon name={info.icon} size={28} />
                <div>
                  <strong>{info.title}</strong>
                  <p className="muted">{info.description}</p>
                  {a.unlockedAt ? (
                    <p>Unlocked {new Date(a.unlockedAt).toLocaleDateString()}</p>
                  ) : (
                    <>
                      <p>
                        {a.progress} of {a.maxProgress}
                      </p>
                      <Meter value={a.progress} max={a.maxProgress} label={`${info.title}: ${a.progress} of ${a.maxProgress}`} />
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </Card>
    </>
  );
}
