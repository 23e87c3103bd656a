/**
 * A heart-rate strap over Web Bluetooth (docs/product.md § Heart and safety): the Heart
 * Rate service (0x180D) and its measurement notifications (0x2A37), each read by the
 * domain's parser. Only Chromium on desktop and Android has Web Bluetooth; elsewhere
 * `bluetoothAvailable()` is false and nothing here runs. I/O only: no rule lives here.
 */
import {
  HEART_RATE_MEASUREMENT,
  HEART_RATE_SERVICE,
  parseHeartRateMeasurement,
  type HeartRateMeasurement,
} from '../../domain/heart/heartRateMeasurement';
import { bluetooth } from './bluetoothAvailable';

/** The part of Web Bluetooth used here (TypeScript's DOM library has no types for it). */
interface Characteristic extends EventTarget {
  value?: DataView | null;
  startNotifications(): Promise<unknown>;
}
interface Device extends EventTarget {
  name?: string | null;
  gatt?: {
    connected?: boolean;
    connect(): Promise<{
      getPrimaryService(
        s: number,
      ): Promise<{ getCharacteristic(c: number): Promise<Characteristic> }>;
    }>;
    disconnect(): void;
  };
}
interface StrapListener {
  measurement(m: HeartRateMeasurement): void;
  /** A notification that could not be read (the parser's reason). */
  unreadable(reason: string): void;
  disconnected(): void;
}

export interface StrapConnection {
  name: string;
  disconnect(): void;
}

/** Thrown when the person closes the browser's chooser without picking a strap. */
export class StrapNotChosenError extends Error {}

/** Asks the browser for a strap (its own chooser), connects and starts the notifications. */
export async function connectStrap(listener: StrapListener): Promise<StrapConnection> {
  const bt = bluetooth();
  if (!bt) throw new Error('Web Bluetooth is not available.');
  let device: Device;
  try {
    device = (await bt.requestDevice({ filters: [{ services: [HEART_RATE_SERVICE] }] })) as Device;
  } catch (e) {
    if (e instanceof Error && e.name === 'NotFoundError') throw new StrapNotChosenError(e.message);
    throw e;
  }
  if (!device.gatt) throw new Error('The strap offers no services.');
  const server = await device.gatt.connect();
  const service = await server.getPrimaryService(HEART_RATE_SERVICE);
  const characteristic = await service.getCharacteristic(HEART_RATE_MEASUREMENT);
  const onValue = () => {
    const value = characteristic.value;
    if (!value) return;
    const parsed = parseHeartRateMeasurement(value);
    if (parsed.ok) listener.measurement(parsed.value);
    else listener.unreadable(parsed.error);
  };
  let ended = false;
  const onGone = () => {
    if (ended) return;
    ended = true;
    characteristic.removeEventListener('characteristicvaluechanged', onValue);
    device.removeEventListener('gattserverdisconnected', onGone);
    listener.disconnected();
  };
  characteristic.addEventListener('characteristicvaluechanged', onValue);
  device.addEventListener('gattserverdisconnected', onGone);
  await characteristic.startNotifications();
  return {
    name: device.name || 'Heart-rate strap',
    disconnect() {
      device.gatt?.disconnect();
      onGone();
    },
  };
}
