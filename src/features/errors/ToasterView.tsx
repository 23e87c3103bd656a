import { useEffect } from 'react';
import { Toaster } from 'sonner';

/** sonner's toaster with the app's settings (loaded lazily by AppToaster). */
export default function ToasterView({ limit, onMounted }: { limit: number; onMounted: () => void }) {
  // Runs after sonner's own Toaster (a child) has subscribed to its store.
  useEffect(onMounted, [onMounted]);
  return (
    <Toaster
      visibleToasts={limit}
      position="bottom-center"
      theme="system"
      closeButton
      containerAriaLabel="Notifications"
      // Default (not rich) colours: dark text on light, light on dark, which pass contrast
      // checks; errors get a coloured edge (errors.css) rather than coloured text.
      toastOptions={{ duration: 4_000, classNames: { error: 'app-toast--error', success: 'app-toast--success' } }}
    />
  );
}
