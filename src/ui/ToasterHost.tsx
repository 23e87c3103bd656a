import { Toaster } from 'sonner';

/**
 * The sonner toaster itself, loaded on the first toast only (it is not part of the first
 * page load). Toast limit is 1. Default (not rich) colours: dark text on light, light on
 * dark, which pass contrast checks; errors get a coloured edge (ui.css) instead.
 */
export default function ToasterHost({ limit }: { limit: number }) {
  return (
    <Toaster
      visibleToasts={limit}
      position="bottom-center"
      theme="system"
      closeButton
      containerAriaLabel="Notifications"
      toastOptions={{
        duration: 4_000,
        classNames: { error: 'app-toast--error', success: 'app-toast--success' },
      }}
    />
  );
}
