import { chainName } from '../../domain/wallet/chains';
import { Button } from '../../ui/Button';
import { WalletIssueCard } from '../errors';
import { connectWallet, linkWallet, unlinkWallet } from './actions';
import { LensPanel } from './LensPanel';
import { useWallet } from './runtime';
import { WalletControl } from './WalletControl';

/**
 * The profile's wallet card: the wallet linked to this account by Sign-In with Ethereum
 * (address and preferred chain, kept on the server), the wallet button, and linking or
 * unlinking (docs/product.md § Wallets and tokens).
 */
export function ProfileWallet() {
  const wallet = useWallet();
  const linked = wallet.linked;
  const canLink =
    wallet.status === 'connected' && wallet.address && linked && linked.address !== wallet.address;
  return (
    <>
      <h2 id="wallets-heading">Linked wallet</h2>
      <div aria-live="polite">
        {linked === null ? (
          <p className="muted">Checking the linked wallet…</p>
        ) : linked.address ? (
          <dl className="facts">
            <div>
              <dt>Address</dt>
              <dd className="wallet-mono" data-testid="linked-wallet-address">
                {linked.address}
              </dd>
            </div>
            <div>
              <dt>Network</dt>
              <dd>{chainName(linked.chainId)}</dd>
            </div>
          </dl>
        ) : (
          <p className="muted">
            Optional: no wallet is linked to this account. To link one, connect an Ethereum wallet
            (such as a browser wallet extension) and sign in with it.
          </p>
        )}
      </div>
      {wallet.status === 'error' ? (
        <WalletIssueCard error={wallet.error ?? undefined} onRetry={() => void connectWallet()} />
      ) : null}
      <div className="row">
        <WalletControl />
        {canLink ? (
          <Button size="sm" onClick={() => void linkWallet()}>
            Sign in with Ethereum
          </Button>
        ) : null}
        {linked?.address ? (
          <Button size="sm" variant="ghost" onClick={() => void unlinkWallet()}>
            Unlink wallet
          </Button>
        ) : null}
      </div>
      <LensPanel />
    </>
  );
}
