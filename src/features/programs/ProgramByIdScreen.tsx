import { Link } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { getCustomProgram } from '../../data/customProgramsRepo';
import { getBuiltInProgram } from '../../domain/programs/builtInPrograms';
import type { Program } from '../../domain/programs/programTypes';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingDots } from '../../ui/LoadingDots';
import { ProgramSessionScreen } from './ProgramSessionScreen';

/** /programs/$programId: a built-in program, or one made on this device. */
export function ProgramByIdScreen({ programId }: { programId: string }) {
  const builtIn = getBuiltInProgram(programId);
  const custom = useLiveQuery(
    async () => (builtIn ? null : ((await getCustomProgram(programId)) ?? null)),
    [programId, builtIn],
    'loading' as const,
  );
  if (builtIn) return <ProgramSessionScreen key={builtIn.id} program={builtIn} />;
  if (custom === 'loading') return <LoadingDots label="Loading the program" />;
  if (!custom)
    return (
      <div className="page">
        <h1>Program not found</h1>
        <EmptyState title="That program is not on this device.">
          <Link to="/programs" className={buttonClass('primary')}>
            All programs
          </Link>
        </EmptyState>
      </div>
    );
  const program: Program = {
    version: custom.version,
    id: custom.id,
    builtIn: false,
    name: custom.name,
    description: custom.description,
    category: custom.category,
    ...(custom.safetyNote ? { safetyNote: custom.safetyNote } : {}),
    segments: custom.segments,
  };
  return <ProgramSessionScreen key={program.id} program={program} />;
}
