import './auth.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { AuthCard } from './AuthCard';
import { setNewPassword } from './passwordReset';
import { readRecoveryLink, type RecoveryLink } from './recoveryLink';
import { RESET_TEXT } from './strings';
import { useResetAction } from './useResetAction';

const readLocation = (): RecoveryLink => readRecoveryLink(window.location.hash);

/**
 * /auth?mode=reset, where a mailed reset link lands: a new password for the account, or,
 * when the link was used or has expired, the way to ask for a new one. After the change the
 * user signs in with the new password (docs/product.md § Accounts and access).
 */
export function ResetPasswordScreen() {
  const navigate = useNavigate();
  const [link] = useState(readLocation);
  const [password, setPassword] = useState('');
  const { busy, run } = useResetAction();

  // The fragment holds the reset session's tokens: out of the address bar and history at once.
  useEffect(() => {
    if (window.location.hash) {
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
  }, []);

  if (link.kind !== 'session') {
    return (
      <AuthCard title={RESET_TEXT.resetTitle}>
        <p role="alert">{RESET_TEXT.invalidLink}</p>
        <p>
          <Link to="/auth" search={{ mode: 'forgot' }}>
            {RESET_TEXT.requestNew}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const save = async () => {
    const outcome = await setNewPassword(link, password);
    if (outcome.kind === 'ok')
      await navigate({ to: '/auth', search: { notice: 'passwordChanged' } });
    return outcome;
  };

  return (
    <AuthCard title={RESET_TEXT.resetTitle}>
      <p className="muted">{RESET_TEXT.resetIntro}</p>
      <form className="stack" onSubmit={(e) => void run(e, save)}>
        <Field
          label={RESET_TEXT.newPassword}
          type="password"
          name="new-password"
          autoComplete="new-password"
          minLength={8}
          maxLength={72}
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? RESET_TEXT.saving : RESET_TEXT.save}
        </Button>
      </form>
    </AuthCard>
  );
}
