import './auth.css';
import { useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { notify } from '../../ui/toast';
import { AuthCard } from './AuthCard';
import { requestPasswordReset } from './passwordReset';
import { AUTH_TEXT, RESET_TEXT } from './strings';

/**
 * /auth?mode=forgot: asks for the account's address and has the backend mail a single-use
 * reset link (docs/product.md § Accounts and access). The same note follows whether or not
 * the address has an account.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy || !e.currentTarget.reportValidity()) return;
    setBusy(true);
    setSent(false);
    const outcome = await requestPasswordReset(email);
    setBusy(false);
    if (outcome.kind === 'error') notify.error(outcome.message);
    else setSent(true);
  };

  return (
    <AuthCard title={RESET_TEXT.forgotTitle}>
      <p className="muted">{RESET_TEXT.forgotIntro}</p>
      <form className="stack" onSubmit={(e) => void onSubmit(e)}>
        <Field
          label={AUTH_TEXT.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? RESET_TEXT.sending : RESET_TEXT.send}
        </Button>
        <p className="auth-card__confirm" role="status">
          {sent ? RESET_TEXT.sent : ''}
        </p>
      </form>
      <p className="muted auth-card__guest">
        <Link to="/auth">{RESET_TEXT.backToSignIn}</Link>
      </p>
    </AuthCard>
  );
}
