/** User-visible texts of the sign-in form: each defined once, here. */
export const AUTH_TEXT = Object.freeze({
  title: 'Welcome',
  subtitle: 'Enter your credentials to continue',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  signingIn: 'Signing In...',
  signingUp: 'Signing Up...',
  loggedIn: 'Successfully logged in!',
  /** After a sign-up that signed the person in at once (docs/product.md § Differences). */
  accountCreated: 'Your account is ready. You are signed in.',
  confirmationSent: 'Confirmation email sent! Please check your inbox.',
  firstName: 'First name (optional)',
  firstNameHint:
    'For a new account: the name others see with what you share. You can change it in Profile.',
  passwordHint: 'Signing up? ',
  signInInstead: 'Sign in instead',
});

/** Texts of the forgot-password and reset-password forms of /auth (mode=forgot, mode=reset). */
export const RESET_TEXT = Object.freeze({
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro:
    'Enter the email address of your account. We will send you a link to choose a new password.',
  send: 'Send reset link',
  sending: 'Sending...',
  sent: 'If an account uses that address, a reset link is on its way. Check your inbox.',
  backToSignIn: 'Back to sign in',
  resetTitle: 'Choose a new password',
  resetIntro: 'Use at least 8 characters.',
  newPassword: 'New password',
  save: 'Set new password',
  saving: 'Saving...',
  changed: 'Your password has been changed. Sign in with your new password.',
  invalidLink: 'This reset link is invalid or has expired.',
  requestNew: 'Request a new link',
});
