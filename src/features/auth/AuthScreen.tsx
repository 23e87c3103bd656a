import './auth.css';
import { useState, type FormEvent } from 'react';
import { Link, useRouter } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { safeRedirectTarget, type AuthContext } from '../../domain/authLevel';
import { notify } from '../../ui/toast';
import { takePendingAction } from '../../app/auth/pendingAction';
import { signInWithPassword, signUpWithPassword, type AuthOutcome } from './authActions';
import { connectAuth } from '../../app/auth/authStore';
import { clearJustSignedIn, markJustSignedIn } from './PostSignIn';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import { AUTH_CONTEXT_NOTE } from './contextNote';
import { AUTH_TEXT, RESET_TEXT } from './strings';

export interface AuthScreenProps {
  context?: AuthContext;
  /** Where the gate was going (a same-site path). */
  redirect?: string;
  /** A note above the form (after a password reset). */
  notice?: 'passwordChanged';
}

/**
 * The sign-in / sign-up form of /auth and /onboarding (docs/product.md § Accounts and
 * access): both fields required,
 * loading labels, the provider's error as a toast, 'Successfully logged in!', and the
 * confirmation message when the backend asks for it. Success continues to the stored
 * pending action, else the redirect target, else /.
 */
export function AuthScreen({ context, redirect, notice }: AuthScreenProps) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'signIn' | 'signUp' | null>(null);
  const [confirmSent, setConfirmSent] = useState(false);

  // supabase-js loads once the person starts on the form (a field focused, a button
  // pressed), so it is ready by the time they submit; a glance at the page costs nothing.
  const connect = () => void connectAuth();

  const finish = (outcome: AuthOutcome) => {
    if (outcome.kind !== 'signedIn') clearJustSignedIn();
    if (outcome.kind === 'error') {
      notify.error(outcome.message);
      return;
    }
    if (outcome.kind === 'confirmEmail') {
      setConfirmSent(true);
      notify.success(AUTH_TEXT.confirmationSent);
      return;
    }
    notify.success(AUTH_TEXT.loggedIn);
    const pending = takePendingAction();
    router.history.push(pending?.target ?? safeRedirectTarget(redirect));
  };

  const submit = async (mode: 'signIn' | 'signUp', form: HTMLFormElement | null) => {
    if (busy) return;
    if (form && !form.reportValidity()) return;
    setBusy(mode);
    setConfirmSent(false);
    markJustSignedIn();
    try {
      finish(
        mode === 'signIn'
          ? await signInWithPassword(email, password)
          : await signUpWithPassword(email, password),
      );
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit('signIn', e.currentTarget);
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
        noValidate={false}
        onFocusCapture={connect}
        onPointerDownCapture={connect}
      >
        <EmailField value={email} onChange={setEmail} />
        <Field
          label={AUTH_TEXT.password}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-card__actions">
          <Button type="submit" disabled={busy !== null} aria-busy={busy === 'signIn'}>
            {busy === 'signIn' ? AUTH_TEXT.signingIn : AUTH_TEXT.signIn}
          </Button>
          <Button
            variant="secondary"
            disabled={busy !== null}
            aria-busy={busy === 'signUp'}
            onClick={(e) => void submit('signUp', e.currentTarget.form)}
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
        <Link to="/auth" search={{ mode: 'forgot' }}>
          {RESET_TEXT.forgotLink}
        </Link>
      </p>
      <p className="muted auth-card__guest">
        <Link to="/">Continue without an account</Link>: practice stays on this device.
      </p>
    </AuthCard>
  );
}
