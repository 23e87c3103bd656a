import './community.css';
import { CommunityPreferencesPanel } from './CommunityPreferencesPanel';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/authStore';
import { QueryProvider } from '../../backend/queryClient';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LoadingPage } from '../../ui/LoadingPage';
import { CommunitySidebar } from './CommunitySidebar';
import { CommunityFeedTabs } from './CommunityFeedTabs';
import { TrendingPatterns } from './TrendingPatterns';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { NeedsNetworkPage } from '../errors';

const COMMUNITY_HEADING = 'Community';

/**
 * /community (docs/product.md § Sharing and community): the feed with paging, reactions,
 * comments, follows, reports and "Try this pattern"; challenges, achievements, community
 * counts and trending patterns, all from the server's rows. Members only.
 */
export function CommunityScreen() {
  const { user, status } = useAuth();
  const network = useNetworkStatus();
  if (status === 'loading') return <LoadingPage heading={COMMUNITY_HEADING} label="Loading the community" className="community" />;
  if (!user) {
    return (
      <div className="page community">
        <h1>{COMMUNITY_HEADING}</h1>
        <Card as="section" aria-labelledby="community-sign-in">
          <h2 id="community-sign-in">Sign in to join the community</h2>
          <p>Members share their sessions, react, comment, follow each other and take on weekly challenges.</p>
          <Link to="/auth" search={{ context: 'social', redirect: '/community' }} className={buttonClass('primary')}>
            Sign in or sign up
          </Link>
        </Card>
      </div>
    );
  }
  // Offline the feed has nothing to show and would wait forever: say so calmly (issue 44 item 5).
  if (network.status === 'offline') return <NeedsNetworkPage path="/community" />;
  return (
    <QueryProvider>
      <div className="page community">
        <div className="community__head">
          <h1>{COMMUNITY_HEADING}</h1>
          <Link to="/create-post" className={buttonClass('primary')}>
            Share your progress
          </Link>
        </div>
        <div className="community__layout">
          <CommunityFeedTabs userId={user.id} />
          <aside className="community__aside" aria-label="Community figures">
            <CommunitySidebar userId={user.id} />
            <TrendingPatterns />
            <Card className="stack">
              <CommunityPreferencesPanel />
            </Card>
          </aside>
        </div>
      </div>
    </QueryProvider>
  );
}
