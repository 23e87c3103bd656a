import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/Button';

export function NotFoundPage() {
  return (
    <div className="page error-page">
      <h1>Oops! Page not found</h1>
      <p className="muted">The page you are looking for does not exist.</p>
      <Link to="/" className={buttonClass()}>
        Return to Home
      </Link>
    </div>
  );
}
