/**
 * Password rules (docs/product.md § Accounts and access): 8 to 72 characters, and not one of
 * the most common passwords (the ranked list of leaked passwords that zxcvbn-ts ships,
 * about 49,000 entries, compared without regard to case). Loaded once, on first use.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 72;

let common: Promise<Set<string>> | undefined;

function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    (m) => new Set(m.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return common;
}

export type PasswordProblem = { reason: 'length' | 'too_long' | 'pwned'; message: string } | null;

/** What is wrong with a new password, or null when it may be used. */
export async function checkNewPassword(password: string): Promise<PasswordProblem> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return {
      reason: 'length',
      message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
    };
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return {
      reason: 'too_long',
      message: `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    };
  }
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return {
      reason: 'pwned',
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    };
  }
  return null;
}
