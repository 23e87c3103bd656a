import { useState, type FormEvent } from 'react';
import { notify } from '../../ui/toast';
import type { ResetOutcome } from './passwordReset';

/**
 * The submit of a password-reset form: checks the form, runs the call once at a time
 * (busy meanwhile), shows the provider's error as a toast, and resolves true on success.
 */
export function useResetAction() {
  const [busy, setBusy] = useState(false);
  const run = async (
    e: FormEvent<HTMLFormElement>,
    action: () => Promise<ResetOutcome>,
  ): Promise<boolean> => {
    e.preventDefault();
    if (busy || !e.currentTarget.reportValidity()) return false;
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    if (outcome.kind === 'error') notify.error(outcome.message);
    return outcome.kind === 'ok';
  };
  return { busy, run };
}
