import { createFileRoute } from '@tanstack/react-router';
import { CreatePatternScreen } from '../features/create-pattern';
import { ProgramBuilder } from '../features/programs';

/** /create: custom patterns and programs for everyone (kept locally; synced for signed-in users). */
export const Route = createFileRoute('/create')({
  component: CreateRoute,
});

function CreateRoute() {
  return (
    <>
      <CreatePatternScreen />
      <div className="page program-page">
        <ProgramBuilder />
      </div>
    </>
  );
}
