import { useEffect, useId, useRef, useState } from 'react';
import {
  chainName,
  EVM_CHAINS,
  explorerAddressUrl,
  shortAddress,
  SUPPORTED_CHAIN_IDS,
} from '../../domain/wallet/chains';
import { Button } from '../../ui/Button';
import { changeWallet, connectWallet, copyAddress, disconnectWallet, switchChain } from './actions';
import { CONNECT_WALLET, CONNECTING, NO_WALLET_FOUND, WALLET_ERROR_RETRY } from './labels';
import { useWallet, walletStore } from './runtime';
import './wallet.css';

/**
 * The wallet button and, once connected, its menu: the address and chain, the chains to
 * switch to, Copy Address, View on Explorer, Change Wallet, Disconnect.
 * `connectNow` starts connecting at once (the user pressed the first-load shell's button).
 */
export function WalletControl({ connectNow = false }: { connectNow?: boolean }) {
  const wallet = useWallet();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!connectNow || started.current) return;
    started.current = true;
    void connectWallet();
  }, [connectNow]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    const onClick = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (wallet.status !== 'connected' || !wallet.address) {
    const label =
      wallet.status === 'connecting'
        ? CONNECTING
        : wallet.status === 'noWallet'
          ? NO_WALLET_FOUND
          : wallet.status === 'error'
            ? WALLET_ERROR_RETRY
            : CONNECT_WALLET;
    const onClick = () =>
      wallet.status === 'noWallet' ? void walletStore.rescan() : void connectWallet();
    return (
      <div className="wallet-control">
        <Button
          variant={wallet.status === 'error' ? 'danger' : 'secondary'}
          size="sm"
          onClick={onClick}
          disabled={wallet.status === 'connecting'}
          aria-busy={wallet.status === 'connecting' || wallet.status === 'detecting'}
          title={
            wallet.status === 'noWallet'
              ? 'Install a browser wallet, then press to look again'
              : undefined
          }
        >
          {label}
        </Button>
      </div>
    );
  }

  const address = wallet.address;
  const explorer = explorerAddressUrl(wallet.chainId, address);
  const others = wallet.providers.filter((p) => p.uuid !== wallet.active?.uuid);
  const close = (fn: () => unknown) => () => {
    setOpen(false);
    void fn();
  };
  return (
    <div className="wallet-control" ref={rootRef}>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Wallet ${address} on ${chainName(wallet.chainId)}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="wallet-control__dot" aria-hidden="true" />
        {shortAddress(address)}
      </Button>
      {open ? (
        <div id={menuId} className="wallet-menu" role="group" aria-label="Wallet">
          <p className="wallet-menu__address">
            <span className="wallet-mono">{shortAddress(address)}</span>
            <span className="muted">{chainName(wallet.chainId)}</span>
          </p>
          <fieldset className="wallet-menu__chains">
            <legend>Network</legend>
            {SUPPORTED_CHAIN_IDS.map((id) => (
              <button
                key={id}
                type="button"
                className="wallet-menu__item"
                aria-pressed={wallet.chainId === id}
                onClick={close(() => switchChain(id))}
              >
                {EVM_CHAINS[id].name}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            className="wallet-menu__item"
            onClick={close(() => copyAddress(address))}
          >
            Copy Address
          </button>
          {explorer ? (
            <a
              className="wallet-menu__item"
              href={explorer}
              target="_blank"
              rel="noopener noreferrer"
            >
              View on Explorer
            </a>
          ) : null}
          <button
            type="button"
            className="wallet-menu__item"
            onClick={close(() => changeWallet(others[0]?.uuid))}
          >
            Change Wallet
          </button>
          <button type="button" className="wallet-menu__item" onClick={close(disconnectWallet)}>
            Disconnect
          </button>
        </div>
      ) : null}
    </div>
  );
}
