import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/Button';
import { Badge } from '../../ui/Badge';
import { TEACH_TEXT } from './strings';

/** For guests: the account-gated 'Teach' card, with the way to sign up. */
export function InstructorTeaser() {
  return (
    <section className="card stack teach-teaser" aria-labelledby="teach-teaser-title">
      <h2 id="teach-teaser-title">{TEACH_TEXT.becomeInstructor}</h2>
      <Badge>{TEACH_TEXT.teaserNeeds}</Badge>
      <p>{TEACH_TEXT.teaserBody}</p>
      <div className="row">
        <Link to="/auth" search={{ redirect: '/instructor-onboarding' }} className={buttonClass('primary')}>
          {TEACH_TEXT.signUp}
        </Link>
      </div>
    </section>
  );
}
