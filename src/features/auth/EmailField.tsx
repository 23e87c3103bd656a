import type { Ref } from 'react';
import { Field } from '../../ui/Field';
import { AUTH_TEXT } from './strings';

/** The account's email address field of the /auth forms (required, the browser's email check). */
export function EmailField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with it, shown beside it and tied to it (aria-describedby). */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <Field
      ref={inputRef}
      label={AUTH_TEXT.email}
      type="email"
      name="email"
      autoComplete="email"
      required
      error={error}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
