import { Field } from '../../ui/Field';
import { AUTH_TEXT } from './strings';

/** The account's email address field of the /auth forms (required, the browser's email check). */
export function EmailField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field
      label={AUTH_TEXT.email}
      type="email"
      name="email"
      autoComplete="email"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
