import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';

/** For a signed-out visitor: sharing needs an account. */
export function SignInToShare({ redirect }: { redirect: string }) {
  return (
    <Card as="section" className="sign-in-to-share" aria-labelledby="sign-in-to-share-title">
      <h2 id="sign-in-to-share-title">Sign in to share</h2>
      <p>Sharing your progress, posting to the community and following others need an account. Your practice stays on this device either way.</p>
      <Link to="/auth" search={{ context: 'social', redirect }} className={buttonClass('primary')}>
        Sign in or sign up
      </Link>
    </Card>
  );
}
