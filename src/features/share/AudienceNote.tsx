import { Link } from '@tanstack/react-router';
import type { PrivacyLevel } from '../../domain/communityPreferences';

const WHO: Record<Exclude<PrivacyLevel, 'public'>, string> = {
  followers: 'the members who follow you',
  private: 'you alone',
};

/**
 * Who will see a community post, said before sharing when it is not every member (the
 * community preference 'Who sees my posts', which the server enforces).
 */
export function AudienceNote({ privacyLevel }: { privacyLevel: PrivacyLevel }) {
  if (privacyLevel === 'public') return null;
  return (
    <p className="muted" data-testid="share-audience">
      Your community posts are seen by {WHO[privacyLevel]}.{' '}
      <Link to="/community">Change it in the community preferences</Link>.
    </p>
  );
}
