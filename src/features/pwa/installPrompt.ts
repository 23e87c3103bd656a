/**
 * The browser's own install offer (`beforeinstallprompt`, Chromium browsers): kept from the
 * moment this module loads (with the app, before home renders), so home's install hint can
 * offer it later; gone once used or once the app is installed.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offered: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The browser's own banner would come on top of the welcome: home offers it instead.
    e.preventDefault();
    offered = e as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    offered = null;
    notify();
  });
}

export function installOffered(): boolean {
  return offered !== null;
}

export function onInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog (once: the browser's offer is used up). */
export async function promptInstall(): Promise<void> {
  const e = offered;
  offered = null;
  notify();
  await e?.prompt();
}
