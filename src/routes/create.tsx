import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { CreatePatternScreen } from '../features/create-pattern';
import { ProgramBuilder } from '../features/programs';
import { SharingPrompt } from '../features/prompts';
import { Button } from '../ui/Button';

/** /create: custom patterns and programs for everyone (kept locally; synced for signed-in users). */
export const Route = createFileRoute('/create')({
  component: CreateRoute,
});

/**
 * Pattern creation first, with the pattern-token prompt (only when this build can mint);
 * the program builder opens below on request, so one form is on screen at a time.
 */
function CreateRoute() {
  const [programOpen, setProgramOpen] = useState(false);
  return (
    <>
      <SharingPrompt kind="patternToken" />
      <CreatePatternScreen />
      <div className="page program-page">
        {programOpen ? (
          <ProgramBuilder />
        ) : (
          <Button variant="secondary" aria-expanded={false} onClick={() => setProgramOpen(true)}>
            Make a program (a session in segments)
          </Button>
        )}
      </div>
    </>
  );
}
