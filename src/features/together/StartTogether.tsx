import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { togetherApi } from '../../backend/api/togetherApi';
import { HttpError } from '../../domain/errors/appErrors';
import { togetherError, type LinkedPattern } from '../../domain/links/patternLink';
import { Button } from '../../ui/Button';
import { rememberHosted } from './hostedSessions';

/** When the first inhale comes, from now (docs/product.md § Breathe together). */
const LEADS = [
  { seconds: 10, label: 'in 10 seconds' },
  { seconds: 30, label: 'in 30 seconds' },
  { seconds: 60, label: 'in 1 minute' },
  { seconds: 120, label: 'in 2 minutes' },
  { seconds: 300, label: 'in 5 minutes' },
  { seconds: 900, label: 'in 15 minutes' },
] as const;

/**
 * A member starts a shared session of this pattern: the server fixes the start on its clock
 * and answers with the link, which this device opens as the host.
 */
export function StartTogether({ pattern }: { pattern: LinkedPattern }) {
  const navigate = useNavigate();
  const id = useId();
  const [cycles, setCycles] = useState('10');
  const [lead, setLead] = useState<number>(30);
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  const n = Number(cycles);
  const fieldError =
    !Number.isInteger(n) || n < 1 || n > 200
      ? 'Choose from 1 to 200 cycles.'
      : togetherError(n, pattern);
  const start = async () => {
    if (fieldError) return;
    setState({ busy: true });
    try {
      const { session } = await togetherApi.start({ pattern, cycles: n, startsInSeconds: lead });
      rememberHosted(session.id);
      await navigate({ href: session.link });
    } catch (e) {
      setState({
        busy: false,
        error:
          e instanceof HttpError
            ? e.message
            : 'The server could not be reached. A shared session needs a connection to start.',
      });
    }
  };
  return (
    <div className="card link-pattern__together">
      <h2>Practice together</h2>
      <p className="muted">
        Start a shared session: everyone who opens its link breathes on the same beat, signed in or
        not, and you see how many joined.
      </p>
      <div className="together-form">
        <label htmlFor={`${id}-cycles`}>Cycles</label>
        <input
          id={`${id}-cycles`}
          type="number"
          inputMode="numeric"
          min={1}
          max={200}
          value={cycles}
          aria-invalid={Boolean(fieldError)}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          onChange={(e) => setCycles(e.target.value)}
        />
        <label htmlFor={`${id}-lead`}>Starts</label>
        <select id={`${id}-lead`} value={lead} onChange={(e) => setLead(Number(e.target.value))}>
          {LEADS.map((l) => (
            <option key={l.seconds} value={l.seconds}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      {fieldError ? (
        <p id={`${id}-error`} className="field-error">
          {fieldError}
        </p>
      ) : null}
      <Button disabled={state.busy || Boolean(fieldError)} onClick={() => void start()}>
        {state.busy ? 'Starting…' : 'Start a shared session'}
      </Button>
      {state.error ? (
        <p role="alert" className="field-error">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
