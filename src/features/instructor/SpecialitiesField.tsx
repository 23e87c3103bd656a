import { useId, useState } from 'react';
import { PROFILE_LIMITS, SUGGESTED_SPECIALITIES } from '../../domain/instructor/profile';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';

interface Props {
  value: string[];
  onChange(next: string[]): void;
  error?: string;
}

/**
 * Specialities: the suggested ones as checkboxes, plus the instructor's own (added with a
 * text box and removable). The group is named and its error announced.
 */
export function SpecialitiesField({ value, onChange, error }: Props) {
  const id = useId();
  const [own, setOwn] = useState('');
  const has = (s: string) => value.some((v) => v.toLowerCase() === s.toLowerCase());
  const toggle = (s: string) => onChange(has(s) ? value.filter((v) => v.toLowerCase() !== s.toLowerCase()) : [...value, s]);
  const custom = value.filter((v) => !SUGGESTED_SPECIALITIES.some((s) => s.toLowerCase() === v.toLowerCase()));
  const addOwn = () => {
    const s = own.trim();
    if (s && !has(s)) onChange([...value, s]);
    setOwn('');
  };
  return (
    <fieldset className="teach-specialities" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} id="field-specialities" tabIndex={-1}>
      <legend className="field__label">Specialties</legend>
      <p id={`${id}-hint`} className="field__hint">
        Choose 1 to {PROFILE_LIMITS.specialitiesMax}.
      </p>
      <div className="teach-chips">
        {SUGGESTED_SPECIALITIES.map((s) => (
          <label key={s} className="teach-chip">
            <input type="checkbox" checked={has(s)} onChange={() => toggle(s)} /> {s}
          </label>
        ))}
        {custom.map((s) => (
          <span key={s} className="teach-chip teach-chip--own">
            {s}
            <button type="button" className="btn btn--ghost btn--sm" aria-label={`Remove ${s}`} onClick={() => toggle(s)}>
              ×
            </button>
          </span>
        ))}
      </div>
      <div className="row teach-own">
        {/* A Field: at the 40-character limit it says the text is cut there. */}
        <Field
          id={`${id}-own`}
          label="Your own specialty"
          placeholder="For example, freediving"
          value={own}
          maxLength={PROFILE_LIMITS.specialityMax}
          onChange={(e) => setOwn(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addOwn();
            }
          }}
        />
        <Button type="button" variant="secondary" size="sm" onClick={addOwn} disabled={!own.trim()}>
          Add
        </Button>
      </div>
      {error ? (
        <div id={`${id}-error`} className="field__error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
