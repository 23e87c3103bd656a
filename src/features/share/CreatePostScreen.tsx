import './share.css';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { clearShareReminder, readShareReminder } from '../../app/shareReminder';
import { QueryProvider } from '../../backend/queryClient';
import type { SessionRecord } from '../../data/db';
import { useCustomPatterns, useSessions } from '../../data/hooks';
import { useCommunityPreferences } from '../../data/useCommunityPreferences';
import { initialShareChoice } from '../../domain/community/preferences';
import { smartTemplates } from '../../domain/share/postTemplates';
import { newestFirst, shareStats, type ShareSession } from '../../domain/share/shareStats';
import { deviceTimeZone } from '../../domain/stats';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { AudienceNote } from './AudienceNote';
import { CommunityInvite } from './CommunityInvite';
import { DesktopShare } from './DesktopShare';
import { MobileShare } from './MobileShare';
import { SignInToShare } from './SignInToShare';
import { StatsSummary } from './StatsSummary';

const MOBILE_SHARE_QUERY = '(max-width: 40rem)';

function toShareSession(s: SessionRecord): ShareSession {
  return {
    id: s.id,
    patternId: s.patternId,
    patternName: s.patternName,
    createdAt: s.createdAt,
    duration: s.duration,
    cycleCount: s.cycleCount,
    targetCycles: s.targetCycles,
    breathHoldTime: s.breathHoldTime,
    restlessnessScore: s.restlessnessScore,
    stillnessScore: s.stillnessScore,
    qualityScore: s.qualityScore,
    cameraUsed: s.cameraUsed,
    sessionType: s.sessionType,
  };
}

/** A reminder that fired brings its post back here until the user shares or dismisses it. */
function useFiredReminder() {
  const [reminder, setReminder] = useState(() => {
    const r = readShareReminder();
    return r?.fired ? r : null;
  });
  return {
    reminder,
    dismiss: () => {
      clearShareReminder();
      setReminder(null);
    },
  };
}

/**
 * /create-post (docs/product.md § Sharing and community): 'Share Your Wellness Journey' on
 * wide screens, 'Share Journey' on phones. Figures come from this person's sessions on the
 * device; a visitor who is not signed in sees them with a way to sign in.
 */
export function CreatePostScreen() {
  const { user, status } = useAuth();
  const isMobile = useMediaQuery(MOBILE_SHARE_QUERY);
  const records = useSessions(user?.id ?? null);
  const customPatterns = useCustomPatterns(user?.id);
  const timeZone = useMemo(deviceTimeZone, []);
  const sessions = useMemo(() => (records ? newestFirst(records.map(toShareSession)) : undefined), [records]);
  const stats = useMemo(() => (sessions ? shareStats(sessions, new Date(), timeZone) : undefined), [sessions, timeZone]);
  const { reminder, dismiss } = useFiredReminder();
  const communityPrefs = useCommunityPreferences();

  let body;
  if (!sessions || !stats || status === 'loading' || !communityPrefs) {
    body = <LoadingDots label="Loading your progress" />;
  } else if (!user) {
    body = (
      <>
        {stats.totalSessions > 0 ? <StatsSummary stats={stats} /> : null}
        <SignInToShare redirect="/create-post" />
      </>
    );
  } else if (stats.totalSessions === 0) {
    body = (
      <EmptyState title="Nothing to share yet: a post here is made from your own sessions.">
        <Link to="/session" className={buttonClass('primary')}>
          Start a session
        </Link>
      </EmptyState>
    );
  } else {
    // The community preferences: the Pneuma Community chosen or not, the session to start from.
    const start = initialShareChoice(communityPrefs, sessions);
    const common = {
      defaultPlatforms: start.toCommunity ? (['community'] as const) : [],
      initialSessionId: start.sessionId,
      signedIn: true,
      stats,
      sessions,
      customPatterns,
      timeZone,
      initialText: reminder?.text ?? smartTemplates(stats)[0]?.text ?? '',
    };
    body = isMobile ? <MobileShare {...common} /> : <DesktopShare {...common} userId={user.id} />;
  }

  return (
    <QueryProvider>
      <div className="page share-page">
        <h1>{isMobile ? 'Share Journey' : 'Share Your Wellness Journey'}</h1>
        {reminder && user ? (
          <Card className="share-reminder" role="status">
            <p>
              Your scheduled post from {new Date(reminder.at).toLocaleString()} is in the post box below.
            </p>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={dismiss}>
              Dismiss
            </button>
          </Card>
        ) : null}
        {user && communityPrefs ? <AudienceNote privacyLevel={communityPrefs.privacyLevel} /> : null}
        {body}
        <CommunityInvite />
      </div>
    </QueryProvider>
  );
}
