import './auth.css';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCard';
import { EmailField } from './EmailField';
import { requestPasswordReset } from './passwordReset';
import { RESET_TEXT } from './strings';
import { useResetAction } from './useResetAction';

/**
 * /auth?mode=forgot: asks for the account's address and has the backend mail a single-use
 * reset link (docs/product.md § Accounts and access). The same note follows whether or not
 * the address has an account.
 */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { busy, run } = useResetAction();

  return (
    <AuthCard title={RESET_TEXT.forgotTitle}>
      <p className="muted">{RESET_TEXT.forgotIntro}</p>
      <form
        className="stack"
        onSubmit={(e) => {
          setSent(false);
          void run(e, () => requestPasswordReset(email)).then(setSent);
        }}
      >
        <EmailField value={email} onChange={setEmail} />
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
