import {
  useId,
  type InputHTMLAttributes,
  type Ref,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldShellProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** The control's maxLength and its text now: at the limit the field says so (typing or a paste was cut). */
  limit?: { max: number | undefined; value: unknown };
  children: (control: ControlProps) => ReactNode;
}

/** A message when a text field holds as many characters as it takes. */
function limitNote(max: number | undefined, value: unknown): string | null {
  if (typeof max !== 'number' || max <= 0 || typeof value !== 'string') return null;
  return value.length >= max ? `That is the limit: ${max} characters. Anything longer is cut.` : null;
}

/**
 * Label, control, hint and an error announced to screen readers, wired together by ids.
 * Every form control of the app goes through it (input, textarea, select).
 */
function FieldShell({ label, hint, error, id: givenId, limit, children }: FieldShellProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const atLimit = limit ? limitNote(limit.max, limit.value) : null;
  const describedBy =
    [hint && `${id}-hint`, atLimit && `${id}-limit`, error && `${id}-error`].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({
        id,
        className: 'field__input',
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      ) : null}
      <div id={`${id}-limit`} className="field__hint field__limit" aria-live="polite">
        {atLimit}
      </div>
      {error ? (
        <div id={`${id}-error`} className="field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

interface LabelledProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

type FieldProps = LabelledProps &
  InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input. */
export function Field({ label, hint, error, id, ...input }: FieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id} limit={{ max: input.maxLength, value: input.value }}>
      {(control) => <input {...control} {...input} />}
    </FieldShell>
  );
}

/** A labelled multi-line text input. */
export function TextAreaField({
  label,
  hint,
  error,
  id,
  ...textarea
}: LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id} limit={{ max: textarea.maxLength, value: textarea.value }}>
      {(control) => <textarea {...control} {...textarea} />}
    </FieldShell>
  );
}

/** A labelled native select (keyboard and screen-reader behaviour of the platform). */
export function SelectField({
  label,
  hint,
  error,
  id,
  options,
  ...select
}: LabelledProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly { value: string; label: string }[];
  }) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(control) => (
        <select {...control} {...select}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
