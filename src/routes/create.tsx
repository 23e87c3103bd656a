import { createFileRoute } from '@tanstack/react-router';
import { CreatePatternScreen } from '../features/create-pattern';
import { SharingPrompt } from '../features/prompts';

/** /create: custom patterns for everyone (kept locally; synced for signed-in users). */
export const Route = createFileRoute('/create')({
  component: CreatePattern,
});

/** Pattern creation: the pattern-token prompt (only when this build can mint). */
function CreatePattern() {
  return (
    <>
      <SharingPrompt kind="patternToken" />
      <CreatePatternScreen />
    </>
  );
}
