import './auth.css';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { safeRedirectTarget, type AuthContext } from '../../domain/authLevel';
import {
  checkAuthForm,
  firstErrorField,
  FIRST_NAME_MAX_LENGTH,
  PASSWORD_RULES,
  placeProviderError,
  type AuthField,
  type AuthFormErrors,
  type AuthMode,
} from '../../domain/authForm';
import { notify } from '../../ui/toast';
import { takePendingAction } from '../../app/auth/pendingAction';
import { signInWithPassword, signUpWithPassword, type AuthOutcome } from './authActions';
import { connectAuth } from '../../app/auth/authStore';
import { clearJustSignedIn, markJustSignedIn } from './PostSignIn';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import { AUTH_CONTEXT_NOTE } from './contextNote';
import { AUTH_TEXT, RESET_TEXT } from './strings';

interface AuthScreenProps {
  context?: AuthContext;
  /** Where the gate was going (a same-site path). */
  redirect?: string;
  /** A note above the form (after a password reset). */
  notice?: 'passwordChanged';
}

/**
 * The sign-in / sign-up form of /auth and /onboarding (docs/product.md § Accounts and
 * access): the password rules shown before typing, an optional first name for a new
 * account, each problem beside its field (tied by aria-describedby, focus on the first),
 * 'Sign in instead' when the address already has an account, loading labels,
 * 'Successfully logged in!' after a sign-in, 'Your account is ready. You are signed in.' after a
 * sign-up that signed in at once, and the confirmation message when the backend asks for it.
 * Success continues to the stored pending action, else the redirect target, else /.
 */
export function AuthScreen({ context, redirect, notice }: AuthScreenProps) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstName, setFirstName] = useState('');
  const [busy, setBusy] = useState<AuthMode | null>(null);
  const [confirmSent, setConfirmSent] = useState(false);
  const [errors, setErrors] = useState<AuthFormErrors>({});
  const [accountExists, setAccountExists] = useState(false);
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    firstName: useRef<HTMLInputElement>(null),
  } satisfies Record<AuthField, unknown>;

  // supabase-js loads once the person starts on the form (a field focused, a button
  // pressed), so it is ready by the time they submit; a glance at the page costs nothing.
  const connect = () => void connectAuth();

  const show = (found: AuthFormErrors) => {
    setErrors(found);
    const first = firstErrorField(found);
    if (first) refs[first].current?.focus();
  };

  const finish = (mode: AuthMode, outcome: AuthOutcome) => {
    if (outcome.kind !== 'signedIn') clearJustSignedIn();
    if (outcome.kind === 'error') {
      const placed = placeProviderError(outcome);
      setAccountExists(placed.accountExists);
      show(placed.errors);
      return;
    }
    if (outcome.kind === 'confirmEmail') {
      setConfirmSent(true);
      notify.success(AUTH_TEXT.confirmationSent);
      return;
    }
    notify.success(mode === 'signUp' ? AUTH_TEXT.accountCreated : AUTH_TEXT.loggedIn);
    const pending = takePendingAction();
    router.history.push(pending?.target ?? safeRedirectTarget(redirect));
  };

  const submit = async (mode: AuthMode) => {
    if (busy) return;
    const found = checkAuthForm(mode, { email, password, firstName });
    setAccountExists(false);
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    setErrors({});
    setBusy(mode);
    setConfirmSent(false);
    markJustSignedIn();
    try {
      finish(
        mode,
        mode === 'signIn'
          ? await signInWithPassword(email, password)
          : await signUpWithPassword(email, password, firstName),
      );
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit('signIn');
  };

  return (
    <AuthCard title={AUTH_TEXT.title}>
      <p className="muted">{AUTH_TEXT.subtitle}</p>
      {notice === 'passwordChanged' ? (
        <p className="auth-card__confirm" role="status">
          {RESET_TEXT.changed}
        </p>
      ) : null}
      {context ? <p className="auth-card__context">{AUTH_CONTEXT_NOTE[context]}</p> : null}
      <form
        className="stack"
        onSubmit={onSubmit}
        noValidate
        onFocusCapture={connect}
        onPointerDownCapture={connect}
      >
        <EmailField value={email} onChange={setEmail} error={errors.email} inputRef={refs.email} />
        {accountExists ? (
          <div className="auth-card__instead">
            <Button
              variant="secondary"
              onClick={() => void submit('signIn')}
              disabled={busy !== null}
            >
              {AUTH_TEXT.signInInstead}
            </Button>
            <Link to="/auth" search={{ mode: 'forgot' }} className="auth-card__link">
              {RESET_TEXT.forgotLink}
            </Link>
          </div>
        ) : null}
        <Field
          ref={refs.password}
          label={AUTH_TEXT.password}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          hint={`${AUTH_TEXT.passwordHint}${PASSWORD_RULES}`}
          error={errors.password}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          ref={refs.firstName}
          label={AUTH_TEXT.firstName}
          name="given-name"
          autoComplete="given-name"
          maxLength={FIRST_NAME_MAX_LENGTH}
          hint={AUTH_TEXT.firstNameHint}
          error={errors.firstName}
          value={firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
        {errors.form ? (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="auth-card__actions">
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'signIn'}>
            {busy === 'signIn' ? AUTH_TEXT.signingIn : AUTH_TEXT.signIn}
          </Button>
          <Button
            variant="secondary"
            disabled={busy !== null}
            aria-busy={busy === 'signUp'}
            onClick={() => void submit('signUp')}
          >
            {busy === 'signUp' ? AUTH_TEXT.signingUp : AUTH_TEXT.signUp}
          </Button>
        </div>
        {confirmSent ? (
          <p className="auth-card__confirm" role="status">
            {AUTH_TEXT.confirmationSent}
          </p>
        ) : null}
      </form>
      <p className="auth-card__forgot">
        <Link to="/auth" search={{ mode: 'forgot' }} className="auth-card__link">
          {RESET_TEXT.forgotLink}
        </Link>
      </p>
      <p className="muted auth-card__guest">
        <Link to="/" className="auth-card__link">
          Continue without an account
        </Link>
        : practice stays on this device.
      </p>
    </AuthCard>
  );
}
