/**
 * /programs: every program (docs/product.md § Programs), built-in first, then the ones
 * made on this device at /create.
 */
import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/authStore';
import { useCustomPrograms } from '../../data/useCustomPrograms';
import { BUILT_IN_PROGRAMS } from '../../domain/programs/builtInPrograms';
import { plannedLengthText } from '../../domain/programs/programText';
import type { Program } from '../../domain/programs/programTypes';
import { buttonClass } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { LazyPublishProgramButton } from '../marketplace-on-demand';
import { ProgramShareLinkButton } from './ProgramShareLinkButton';
import './programs.css';

const CATEGORY_TEXT: Record<Program['category'], string> = {
  progressive: 'Progressive',
  apnea: 'Breath-hold table',
  wim_hof: 'Wim Hof',
  calm: 'Calm',
};

export function ProgramsScreen() {
  const auth = useAuth();
  const custom = useCustomPrograms(auth.status === 'signedIn' && auth.user ? auth.user.id : null);
  return (
    <div className="page program-page">
      <h1>Programs</h1>
      <p>
        A program is a whole session made of segments: breathing that lengthens as you go,
        breath-hold tables, Wim Hof rounds and more.{' '}
        <Link to="/create" hash="program">
          Make your own
        </Link>
        .
      </p>
      <ProgramList programs={BUILT_IN_PROGRAMS} label="Built-in programs" />
      {custom.length ? (
        <>
          <h2>Your programs</h2>
          <ProgramList programs={custom} label="Your programs" />
        </>
      ) : null}
    </div>
  );
}

function ProgramList({ programs, label }: { programs: readonly Program[]; label: string }) {
  return (
    <ul className="program-list" aria-label={label}>
      {programs.map((p) => (
        <Card as="li" key={p.id} data-testid={`program-card-${p.id}`}>
          <h3>{p.name}</h3>
          <p>
            {CATEGORY_TEXT[p.category]} · {plannedLengthText(p)}
          </p>
          <p>{p.description}</p>
          <Link
            to="/programs/$programId"
            params={{ programId: p.id }}
            className={buttonClass('primary')}
            aria-label={`Open ${p.name}`}
          >
            Open
          </Link>
          <ProgramShareLinkButton program={p} />
          {p.builtIn ? null : <LazyPublishProgramButton program={p} />}
        </Card>
      ))}
    </ul>
  );
}
