import './share.css';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useSessions } from '../../data/hooks';
import { isShareMilestoneSession, SHARE_PROMPT_SESSION } from '../../domain/share/shareMilestone';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** On the results of a person's third session: an invitation to share their progress. */
export default function ShareProgressPrompt({ sessionId }: { sessionId: string }) {
  const { user } = useAuth();
  const sessions = useSessions(user?.id ?? null);
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || !sessions || !isShareMilestoneSession(sessions, sessionId)) return null;
  return (
    <Card as="section" className="share-prompt" aria-labelledby="share-progress-title">
      <h2 id="share-progress-title">{SHARE_PROMPT_SESSION} sessions done</h2>
      <p>You have a practice going. Share your progress with a card made from your own figures.</p>
      <div className="row">
        <Link to="/create-post" className={buttonClass('primary')}>
          Share your progress
        </Link>
        <button type="button" className={buttonClass('ghost')} onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
    </Card>
  );
}
