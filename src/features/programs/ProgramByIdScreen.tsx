import { Link } from '@tanstack/react-router';
import { useLocalQuery } from '../../data/useLocalQuery';
import { getCustomProgram } from '../../data/customProgramsRepo';
import { getBuiltInProgram } from '../../domain/programs/builtInPrograms';
import { parseProgram } from '../../domain/programs/programSchema';
import { programDefinitionOf } from '../../data/useCustomPrograms';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { ProgramSessionScreen } from './ProgramSessionScreen';

/** /programs/$programId: a built-in program, or one made on this device. */
export function ProgramByIdScreen({
  programId,
  startNow = false,
}: {
  programId: string;
  /** Start at once (the play button, 'Practice again'). */
  startNow?: boolean;
}) {
  const builtIn = getBuiltInProgram(programId);
  const custom = useLocalQuery(
    async () => (builtIn ? null : ((await getCustomProgram(programId)) ?? null)),
    [programId, builtIn],
    'loading' as const,
  );
  if (builtIn)
    return <ProgramSessionScreen key={builtIn.id} program={builtIn} startNow={startNow} />;
  if (custom === 'loading') return <LoadingDots label="Loading the program" />;
  if (!custom)
    return (
      <div className="page">
        <h1>Program not found</h1>
        <EmptyState
          title={
            programId.startsWith('link:')
              ? 'That program came from a link and was not saved: open its link again, or save it to your programs from there.'
              : 'That program is not on this device.'
          }
        >
          <Link to="/programs" className={buttonClass('primary')}>
            All programs
          </Link>
        </EmptyState>
      </div>
    );
  const parsed = parseProgram(programDefinitionOf(custom));
  if (!parsed.ok)
    return (
      <div className="page">
        <h1>{custom.name}</h1>
        <EmptyState title="This program cannot be played.">
          <p>{parsed.error}</p>
          <Link to="/programs" className={buttonClass('primary')}>
            All programs
          </Link>
        </EmptyState>
      </div>
    );
  return (
    <ProgramSessionScreen
      key={custom.id}
      program={{ ...parsed.program, id: custom.id, builtIn: false }}
      startNow={startNow}
    />
  );
}
