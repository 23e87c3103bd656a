/**
 * EIP-1193 providers and their discovery (docs/product.md § Wallets and tokens): EIP-6963
 * announcements first, then the legacy window.ethereum. Detection waits up to 3 s and asks
 * again every 2 s.
 */

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
}

export interface ProviderInfo {
  uuid: string;
  name: string;
  /** Reverse-DNS id of the wallet ('io.metamask'); 'injected' for window.ethereum. */
  rdns: string;
  icon?: string;
}

export interface DiscoveredProvider {
  info: ProviderInfo;
  provider: Eip1193Provider;
}

const DETECTION = { waitMs: 3000, rescanMs: 2000 } as const;

export function rpcCode(e: unknown): number | string | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const o = e as {
    code?: unknown;
    data?: { originalError?: { code?: unknown } };
    error?: { code?: unknown };
  };
  const code = o.data?.originalError?.code ?? o.error?.code ?? o.code;
  return typeof code === 'number' || typeof code === 'string' ? code : undefined;
}

function isProvider(p: unknown): p is Eip1193Provider {
  return !!p && typeof (p as Eip1193Provider).request === 'function';
}

const INJECTED: ProviderInfo = { uuid: 'injected', name: 'Browser wallet', rdns: 'injected' };

/**
 * Collects the wallets of the page: every EIP-6963 announcement (asked for at once and again
 * every `rescanMs`) and, when no announcement names it, window.ethereum. Resolves as soon as
 * one wallet is known, or with [] after `waitMs`. `onChange` hears later announcements.
 */
export function discoverProviders(
  win: Window,
  opts: { waitMs?: number; rescanMs?: number; onChange?: (all: DiscoveredProvider[]) => void } = {},
): { ready: Promise<DiscoveredProvider[]>; list: () => DiscoveredProvider[]; stop: () => void } {
  const waitMs = opts.waitMs ?? DETECTION.waitMs;
  const rescanMs = opts.rescanMs ?? DETECTION.rescanMs;
  const announced = new Map<string, DiscoveredProvider>();
  let resolveReady: (v: DiscoveredProvider[]) => void = () => undefined;
  const ready = new Promise<DiscoveredProvider[]>((r) => (resolveReady = r));

  const list = (): DiscoveredProvider[] => {
    const all = [...announced.values()];
    const legacy = (win as unknown as { ethereum?: unknown }).ethereum;
    if (isProvider(legacy) && !all.some((d) => d.provider === legacy))
      all.push({ info: INJECTED, provider: legacy });
    return all;
  };
  const settleIfFound = () => {
    const all = list();
    if (all.length > 0) resolveReady(all);
    return all;
  };
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail as
      { info?: Partial<ProviderInfo>; provider?: unknown } | undefined;
    const info = detail?.info;
    if (
      !info ||
      typeof info.uuid !== 'string' ||
      typeof info.name !== 'string' ||
      !isProvider(detail.provider)
    )
      return;
    announced.set(info.uuid, {
      info: {
        uuid: info.uuid,
        name: info.name,
        rdns: typeof info.rdns === 'string' ? info.rdns : info.uuid,
        icon: safeIcon(info.icon),
      },
      provider: detail.provider,
    });
    const all = settleIfFound();
    opts.onChange?.(all);
  };
  const ask = () => {
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    settleIfFound();
  };

  win.addEventListener('eip6963:announceProvider', onAnnounce);
  ask();
  const rescan = win.setInterval(ask, rescanMs);
  const giveUp = win.setTimeout(() => {
    win.clearInterval(rescan);
    resolveReady(list());
  }, waitMs);
  void ready.then(() => {
    win.clearInterval(rescan);
    win.clearTimeout(giveUp);
  });

  return {
    ready,
    list,
    stop: () => {
      win.clearInterval(rescan);
      win.clearTimeout(giveUp);
      win.removeEventListener('eip6963:announceProvider', onAnnounce);
    },
  };
}

/** Only an inline image may be shown as a wallet icon (EIP-6963 asks for a data URI). */
function safeIcon(icon: unknown): string | undefined {
  return typeof icon === 'string' && /^data:image\/(svg\+xml|png|webp|jpeg|gif);/.test(icon)
    ? icon
    : undefined;
}
