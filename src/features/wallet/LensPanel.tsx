import { useState } from 'react';
import { ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import { Button } from '../../ui/Button';
import { notify } from '../../ui/toast';
import { setLensSession, useLens, useLensSession } from './lensRuntime';
import { useWallet, walletStore } from './runtime';

/**
 * The social-wallet (Lens) account: signs in with the connected EVM wallet (challenge and
 * signature), shows the account, signs out. Rendered only when a Lens API is configured.
 */
export function LensPanel() {
  const wallet = useWallet();
  const { signedIn, account } = useLensSession();
  const [busy, setBusy] = useState(false);
  const lens = useLens();
  if (!lens) return null;
  const { client } = lens;

  async function connect(address: string) {
    setBusy(true);
    try {
      await client.login(address, (text) => {
        const evm = walletStore.client();
        if (!evm) throw new Error(ERROR_TEXT.noWalletConnected);
        return evm.signMessage(address, text);
      });
      setLensSession({ signedIn: true, account: await client.account(address) });
    } catch {
      client.logout();
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
          <p>
            {account
              ? `${account.metadata?.name ?? account.username ?? account.address} · ${account.stats.followers} followers`
              : 'Signed in to Lens; this wallet has no Lens account yet.'}
          </p>
          <Button size="sm" variant="ghost" onClick={disconnect}>
            Disconnect Lens
          </Button>
        </>
      ) : wallet.status === 'connected' && wallet.address ? (
        <Button
          size="sm"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void connect(wallet.address!)}
        >
          Connect Lens
        </Button>
      ) : (
        <p className="muted">Connect your wallet to sign in to Lens with it.</p>
      )}
    </div>
  );
}
