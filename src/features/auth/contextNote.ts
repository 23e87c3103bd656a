import type { AuthContext } from '../../domain/authLevel';

/** Why /auth was opened (?context=), above the form; a members' page shows it to a guest while it loads. */
export const AUTH_CONTEXT_NOTE: Readonly<Record<AuthContext, string>> = Object.freeze({
  social: 'Sign in to share your practice with the community.',
  progress: 'Sign in to see your progress, streaks and achievements.',
});
