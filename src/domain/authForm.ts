/**
 * The sign-in and sign-up form's rules (docs/product.md § Accounts and access), pure: what
 * the form says before anything is typed, what it checks before sending, and which field a
 * provider's error belongs beside. The server's rules (server/auth/password-policy.ts) are
 * the authority; the form checks the ones it can so a person reads them at once.
 */

const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 72;
/** A first name (display name) at most this long (the server keeps 60 characters). */
export const FIRST_NAME_MAX_LENGTH = 60;

/** Shown under the password field before typing. */
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password like "password123".`;

export type AuthField = 'email' | 'password' | 'firstName';
export type AuthMode = 'signIn' | 'signUp';

interface AuthFormValues {
  email: string;
  password: string;
  firstName: string;
}

/** Per field, what is wrong; a field that is fine is absent. `form` is a problem of no one field. */
export type AuthFormErrors = Partial<Record<AuthField | 'form', string>>;

/** A plain shape check (the server decides the rest): something@something.something. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the form finds wrong before sending (empty when it may be sent), fields in screen order. */
export function checkAuthForm(mode: AuthMode, v: AuthFormValues): AuthFormErrors {
  const errors: AuthFormErrors = {};
  const email = v.email.trim();
  if (!email) errors.email = 'Enter your email address.';
  else if (!EMAIL_SHAPE.test(email)) errors.email = 'This does not look like an email address: check it for typos.';
  if (!v.password) errors.password = 'Enter your password.';
  else if (mode === 'signUp' && v.password.length < PASSWORD_MIN_LENGTH)
    errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  else if (mode === 'signUp' && v.password.length > PASSWORD_MAX_LENGTH)
    errors.password = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (mode === 'signUp' && v.firstName.trim().length > FIRST_NAME_MAX_LENGTH)
    errors.firstName = `Use at most ${FIRST_NAME_MAX_LENGTH} characters.`;
  return errors;
}

/** The first field with a problem, in screen order (focus goes there). */
export function firstErrorField(errors: AuthFormErrors): AuthField | undefined {
  return (['firstName', 'email', 'password'] as const).find((f) => errors[f]);
}

/** A provider's error, by its code and message, placed beside the field it is about. */
interface ProviderError {
  code?: string;
  message: string;
}

interface PlacedError {
  errors: AuthFormErrors;
  /** The address already has an account: offer to sign in with it instead. */
  accountExists: boolean;
}

export function placeProviderError(e: ProviderError): PlacedError {
  const code = e.code ?? '';
  const msg = e.message;
  if (code === 'user_already_exists' || /already registered|already exists/i.test(msg))
    return { errors: { email: 'An account already uses this address.' }, accountExists: true };
  if (code === 'weak_password' || /password should|password is known|password cannot/i.test(msg))
    return { errors: { password: msg }, accountExists: false };
  if (code === 'invalid_credentials' || /invalid login credentials/i.test(msg))
    return { errors: { password: msg }, accountExists: false };
  if (code === 'email_address_invalid' || /email/i.test(msg)) return { errors: { email: msg }, accountExists: false };
  return { errors: { form: msg }, accountExists: false };
}
