import { useId, useState } from 'react';
import { PROFILE_LIMITS } from '../../domain/instructor/profile';
import { Button } from '../../ui/Button';
import { resizePhoto } from './photo';

interface Props {
  value: string | null;
  onChange(next: string | null): void;
  error?: string;
}

/** A photo from the device, resized here before anything is sent (./photo). Optional. */
export function PhotoField({ value, onChange, error }: Props) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      onChange(await resizePhoto(file));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="field teach-photo">
      <label htmlFor="field-photo" className="field__label">
        Photo (optional)
      </label>
      <div className="row">
        {value ? (
          <img src={value} alt="Your profile photo" width={96} height={96} className="teach-avatar" />
        ) : (
          <div className="teach-avatar teach-avatar--empty" aria-hidden="true" />
        )}
        <div className="stack">
          <input
            id="field-photo"
            type="file"
            accept="image/*"
            aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ''}`}
            aria-invalid={shown ? true : undefined}
            onChange={(e) => void pick(e.target.files?.[0])}
          />
          {value ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove photo
            </Button>
          ) : null}
        </div>
      </div>
      <div id={`${id}-hint`} className="field__hint" aria-live="polite">
        {busy
          ? 'Resizing…'
          : `Cropped to a square and resized to ${PROFILE_LIMITS.photoSide} px on this device before it is sent.`}
      </div>
      {shown ? (
        <div id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </div>
      ) : null}
    </div>
  );
}
