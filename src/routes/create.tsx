import { createFileRoute } from '@tanstack/react-router';
import { CreatePatternScreen } from '../features/create-pattern';
import { ProgramBuilder } from '../features/programs';
import { SharingPrompt } from '../features/prompts';

/** /create: custom patterns and programs for everyone (kept locally; synced for signed-in users). */
export const Route = createFileRoute('/create')({
  component: CreateRoute,
});

/** Pattern and program creation, with the pattern-token prompt (only when this build can mint). */
function CreateRoute() {
  return (
    <>
      <SharingPrompt kind="patternToken" />
      <CreatePatternScreen />
      <div className="page program-page">
        <ProgramBuilder />
      </div>
    </>
  );
}
