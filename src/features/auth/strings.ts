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
  confirmationSent: 'Confirmation email sent! Please check your inbox.',
});
