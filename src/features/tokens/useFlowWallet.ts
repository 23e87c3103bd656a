import { useCallback, useEffect, useRef, useState } from 'react';
import { setWalletAuth } from '../../app/auth/authStore';
import { ERROR_TEXT, TOAST_TEXT } from '../../domain/errors/messages';
import type { FlowAccountInfo, FlowClient, TxProgress } from '../../flow/flowClient';
import { notify } from '../../ui/toast';
import { failureText } from './mintFlow';

/** Set while a Flow wallet is connected, so the next visit reconnects without a prompt. */
const MARKER = 'pneuma.flowWallet.connected';

export type FlowWalletPhase = 'idle' | 'loading' | 'connecting' | 'settingUp' | 'ready' | 'error';

export interface FlowWalletState {
  phase: FlowWalletPhase;
  client: FlowClient | null;
  address: string | null;
  account: FlowAccountInfo | null;
  /** The account setup transaction's latest step, while it runs. */
  progress: TxProgress | null;
  error: string | null;
}

const initial: FlowWalletState = {
  phase: 'idle',
  client: null,
  address: null,
  account: null,
  progress: null,
  error: null,
};

function loadClient(): Promise<FlowClient> {
  // FCL (about 1.1 MB) loads only here, on the token screens.
  return import('../../flow/loadFlowClient').then((m) => m.loadFlowClient());
}

function marker(on: boolean | null): boolean {
  try {
    if (on === true) localStorage.setItem(MARKER, '1');
    if (on === false) localStorage.removeItem(MARKER);
    return localStorage.getItem(MARKER) === '1';
  } catch {
    return false;
  }
}

/**
 * Connects the token wallet from outside the token screens (a gate's proceed on a 'flow'
 * requirement): FCL's wallet discovery, then the auth level 'flow'. The account setup and
 * the account's info follow when a token screen mounts (it reconnects without a prompt).
 */
export async function connectFlowWallet(): Promise<void> {
  try {
    const client = await loadClient();
    const user = await client.authenticate();
    if (!user.addr) return; // the person closed the discovery window
    marker(true);
    setWalletAuth({ flowConnected: true });
    notify.success(TOAST_TEXT.walletConnected);
  } catch (e) {
    notify.error(TOAST_TEXT.connectionFailed, { description: failureText(e) });
  }
}

/**
 * The token wallet: connect (FCL's wallet discovery), then the account setup transaction
 * once when the account has no collection yet ('Flow account ready for breathing NFTs!'),
 * then the account's info. Reconnects on load when it was connected on the last visit.
 */
export function useFlowWallet() {
  const [state, setState] = useState<FlowWalletState>(initial);
  const alive = useRef(true);
  const set = useCallback((patch: Partial<FlowWalletState>) => {
    if (alive.current) setState((s) => ({ ...s, ...patch }));
  }, []);

  const finishConnect = useCallback(
    async (client: FlowClient, address: string) => {
      set({ phase: 'settingUp', client, address, error: null });
      const ran = await client.ensureAccountSetup((progress) => set({ progress }));
      if (ran) notify.success(TOAST_TEXT.flowAccountReady);
      const account = await client.accountInfo(address);
      marker(true);
      // Auth level flow (the token wallet) holds while it is connected.
      setWalletAuth({ flowConnected: true });
      set({ phase: 'ready', account, progress: null });
    },
    [set],
  );

  const connect = useCallback(async () => {
    set({ phase: 'loading', error: null });
    try {
      const client = await loadClient();
      set({ phase: 'connecting', client });
      const user = await client.authenticate();
      await finishConnect(client, user.addr as string);
    } catch (e) {
      const error = failureText(e);
      notify.error(TOAST_TEXT.connectionFailed, { description: error });
      set({ phase: 'error', error, progress: null });
    }
  }, [finishConnect, set]);

  const disconnect = useCallback(async () => {
    try {
      await state.client?.unauthenticate();
      marker(false);
      setWalletAuth({ flowConnected: false });
      set({ ...initial });
      notify.success(TOAST_TEXT.flowDisconnected);
    } catch {
      notify.error(TOAST_TEXT.flowDisconnectFailed);
    }
  }, [set, state.client]);

  const refreshAccount = useCallback(async () => {
    if (!state.client || !state.address) return;
    set({ account: await state.client.accountInfo(state.address) });
  }, [set, state.client, state.address]);

  // Reconnect without a prompt when the wallet was connected on the last visit.
  useEffect(() => {
    alive.current = true;
    if (marker(null)) {
      void (async () => {
        try {
          set({ phase: 'loading' });
          const client = await loadClient();
          const user = await client.user();
          if (!user.loggedIn || !user.addr) {
            marker(false);
            set({ phase: 'idle', client });
            return;
          }
          await finishConnect(client, user.addr);
        } catch (e) {
          set({
            phase: 'error',
            error:
              e instanceof Error && e.message === ERROR_TEXT.flowInitFailed
                ? ERROR_TEXT.flowInitFailed
                : failureText(e),
          });
        }
      })();
    }
    return () => {
      alive.current = false;
    };
  }, [finishConnect, set]);

  return { ...state, connect, disconnect, refreshAccount };
}
