import { lazy, Suspense, useSyncExternalStore } from 'react';
import { LoadingDots } from '../../ui/LoadingDots';
import { bluetoothAvailable } from './bluetoothAvailable';

// The strap's panel loads only here, where the browser can connect one (never with the
// first load). Offline before its first opening, its code cannot load: it says so.
const HeartStrapPanel = lazy(() =>
  import('./HeartStrapPanel').catch(() => ({
    default: () => (
      <p role="status">The strap options need a connection the first time they open.</p>
    ),
  })),
);

const noChange = () => () => undefined;

/**
 * Settings > Heart-rate strap (docs/product.md § Heart and safety): a standard Bluetooth
 * heart-rate strap, where the browser has Web Bluetooth; elsewhere one sentence says it
 * cannot.
 */
export function HeartStrapSettings() {
  // null while the prerendered page hydrates (the server cannot know the browser).
  const available = useSyncExternalStore(noChange, bluetoothAvailable, () => null);
  if (available === null) return null;
  if (!available) return <p>This browser cannot connect to heart-rate straps.</p>;
  return (
    <Suspense fallback={<LoadingDots label="Loading the strap options" />}>
      <HeartStrapPanel />
    </Suspense>
  );
}
