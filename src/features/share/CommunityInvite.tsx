import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** 'Join the Wellness Community': the community feed, and the way to the instructor pages. */
export function CommunityInvite() {
  return (
    <Card as="section" className="community-invite" aria-labelledby="community-invite-title">
      <h2 id="community-invite-title">Join the Wellness Community</h2>
      <p>See what others practice, react to their sessions, follow them and try their patterns.</p>
      <div className="row">
        <Link to="/community" className={buttonClass('primary')}>
          Explore Community
        </Link>
        <Link to="/instructor-onboarding" className={buttonClass('secondary')}>
          Teach
        </Link>
      </div>
    </Card>
  );
}
