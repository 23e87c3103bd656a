import { Link } from '@tanstack/react-router';
import type { LinkError } from '../../domain/links/patternLink';
import { buttonClass } from '../../ui/Button';

/** What a bad link shows: what is wrong, in words, and a way on. Never the link's own text. */
export function LinkProblem({ error }: { error: LinkError }) {
  return (
    <section className="page link-page" aria-labelledby="link-problem-title">
      <div className="card link-problem" role="alert" data-link-error={error.code}>
        <h1 id="link-problem-title">This link can’t be opened</h1>
        <p>{error.message}</p>
      </div>
      <p className="row">
        <Link to="/patterns" className={buttonClass('primary')}>
          Browse patterns
        </Link>
        <Link to="/" className={buttonClass('secondary')}>
          Home
        </Link>
      </p>
    </section>
  );
}
