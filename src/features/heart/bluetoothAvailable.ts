/**
 * Whether this browser has Web Bluetooth (Chromium on desktop and Android). Apart from the
 * strap's connection code (./bluetoothStrap.ts), so Settings can ask without loading it.
 */

/** The one Web Bluetooth call used (TypeScript's DOM library has no types for it). */
interface Bluetooth {
  requestDevice(options: { filters: { services: number[] }[] }): Promise<unknown>;
}

export function bluetooth(): Bluetooth | null {
  if (typeof navigator === 'undefined') return null;
  const b = (navigator as Navigator & { bluetooth?: Bluetooth }).bluetooth;
  return b && typeof b.requestDevice === 'function' ? b : null;
}

export function bluetoothAvailable(): boolean {
  return bluetooth() !== null;
}
