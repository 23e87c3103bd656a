/**
 * A program opened from its link (`/p/…` with `kind: "program"`, docs/patterns-format.md):
 * the program's own intro and session (it plays offline: nothing here needs the server), with
 * "Save to your programs" and the link to pass on above it.
 */
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { createCustomProgram } from '../../data/customProgramsRepo';
import { linkedProgramId } from '../../domain/links/patternLink';
import type { ProgramDefinition } from '../../domain/programs/programTypes';
import { requestSync } from '../../sync/page/syncEngine';
import { Button } from '../../ui/Button';
import { COPY_REFUSED_TEXT, useCopyLink } from '../pattern-link';
import { ProgramSessionScreen } from './ProgramSessionScreen';

export function ProgramLinkScreen({ program }: { program: ProgramDefinition }) {
  return (
    <ProgramSessionScreen
      program={{ ...program, id: linkedProgramId(program), builtIn: false }}
      shared={<ProgramLinkActions program={program} />}
    />
  );
}

function ProgramLinkActions({ program }: { program: ProgramDefinition }) {
  const auth = useAuth();
  const [saved, setSaved] = useState<'no' | 'saving' | 'yes' | 'failed'>('no');
  const [copied, copy] = useCopyLink();
  const save = async () => {
    setSaved('saving');
    try {
      await createCustomProgram(program, { userId: auth.user?.id ?? null });
      requestSync();
      setSaved('yes');
    } catch {
      setSaved('failed');
    }
  };
  return (
    <div className="program-link">
      <div className="row">
        <Button
          variant="secondary"
          disabled={saved === 'saving' || saved === 'yes'}
          onClick={() => void save()}
        >
          {saved === 'yes' ? 'Saved to your programs' : 'Save to your programs'}
        </Button>
        <Button
          variant="ghost"
          onClick={() => void copy(window.location.href)}
        >
          Copy link
        </Button>
      </div>
      <p role="status" className="muted">
        {saved === 'yes' ? (
          <>
            {program.name} is in your programs. <Link to="/programs">All programs</Link>
          </>
        ) : null}
        {saved === 'failed'
          ? 'This device could not save the program (its storage refused). Try again.'
          : null}
        {copied === 'copied' ? 'Link copied.' : null}
        {copied === 'failed' ? COPY_REFUSED_TEXT : null}
      </p>
    </div>
  );
}
