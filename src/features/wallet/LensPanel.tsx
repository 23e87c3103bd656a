import './lens.css';
import { useState } from 'react';
import { ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import { LENS_TEXT } from '../../domain/wallet/lensText';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import type { AvailableAccount, LensAccount } from '../../wallet/lens/lensClient';
import { lensAccountName } from './labels';
import { setLensSession, useLens, useLensSession } from './lensRuntime';
import { useWallet, walletStore } from './runtime';

/** The account line: name and follower count (or that the count is not known). */
function accountLine(a: LensAccount): string {
  return `${lensAccountName(a)} · ${a.stats ? `${a.stats.followers} followers` : 'followers not known'}`;
}

/**
 * The social-wallet (Lens) account. Connect Lens looks up the Lens accounts the connected EVM
 * wallet owns or manages; with one it signs in as it, with several it asks which, with none it
 * says so. Sign-in is a challenge for that account signed by the wallet; each refusal Lens can
 * answer has its own message. Shows the account, signs out. Rendered only when a Lens API is
 * configured.
 */
export function LensPanel() {
  const wallet = useWallet();
  const { signedIn, account } = useLensSession();
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<AvailableAccount[] | null>(null);
  const lens = useLens();
  if (!lens) return null;
  const { client } = lens;

  async function signInAs(address: string, choice: AvailableAccount) {
    setBusy(true);
    setChoices(null);
    try {
      const result = await client.login(address, choice, (text) => {
        const evm = walletStore.client();
        if (!evm) throw new Error(ERROR_TEXT.noWalletConnected);
        return evm.signMessage(address, text);
      });
      if (result.status === 'refused') {
        void notify.error(result.message);
        return;
      }
      const full = await client.account(choice.account.address).catch(() => null);
      setLensSession({ signedIn: true, account: full ?? choice.account });
    } catch {
      client.logout();
      void notify.error(TOAST_TEXT.lensConnectFailed);
    } finally {
      setBusy(false);
    }
  }

  async function connect(address: string) {
    setBusy(true);
    try {
      const available = await client.accountsAvailable(address);
      if (available.length === 0) {
        void notify.error(LENS_TEXT.noAccount);
      } else if (available.length === 1) {
        await signInAs(address, available[0]!);
      } else {
        setChoices(available);
      }
    } catch {
      void notify.error(TOAST_TEXT.lensConnectFailed);
    } finally {
      setBusy(false);
    }
  }

  function disconnect() {
    try {
      client.logout();
      setLensSession({ signedIn: false, account: null });
      void notify.success(TOAST_TEXT.lensDisconnected);
    } catch {
      void notify.error(TOAST_TEXT.lensDisconnectFailed);
    }
  }

  return (
    <div className="lens-panel" id="lens-account" aria-live="polite">
      <h3>Lens account</h3>
      {signedIn ? (
        <>
          <p>{account ? accountLine(account) : 'Signed in to Lens.'}</p>
          <Button size="sm" variant="ghost" onClick={disconnect}>
            Disconnect Lens
          </Button>
        </>
      ) : wallet.status === 'connected' && wallet.address ? (
        choices ? (
          <fieldset className="lens-panel__choices">
            <legend>{LENS_TEXT.pickAccount}</legend>
            {choices.map((c) => (
              <Button
                key={c.account.address}
                disabled={busy}
                onClick={() => void signInAs(wallet.address!, c)}
              >
                {`Sign in as ${lensAccountName(c.account)}${c.role === 'manager' ? ' (manager)' : ''}`}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setChoices(null)}>
              Cancel
            </Button>
          </fieldset>
        ) : (
          <Button
            size="sm"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void connect(wallet.address!)}
          >
            Connect Lens
          </Button>
        )
      ) : (
        <p className="muted">Connect your wallet to sign in to Lens with it.</p>
      )}
    </div>
  );
}
