import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';

/** The app's theme as <html data-theme> says (the person's choice, the hour), not the system's. */
function useAppTheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (cb) => {
      const observer = new MutationObserver(cb);
      observer.observe(document.documentElement, {
        attributes: true,
        attributeFilter: ['data-theme'],
      });
      return () => observer.disconnect();
    },
    () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'),
    () => 'light',
  );
}

/**
 * The sonner toaster itself, loaded on the first toast only (it is not part of the first
 * page load). Toast limit is 1. Default (not rich) colours: dark text on light, light on
 * dark (the app's theme, read from <html data-theme>), which pass contrast checks; errors get a coloured edge (ui.css) instead.
 */
export default function ToasterHost({ limit }: { limit: number }) {
  // The app's theme (issue 44: a white toast on the dark theme when the system was light).
  const theme = useAppTheme();
  return (
    <Toaster
      visibleToasts={limit}
      position="bottom-center"
      theme={theme}
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{
        duration: 4_000,
        classNames: { error: 'app-toast--error', success: 'app-toast--success' },
      }}
    />
  );
}
