/**
 * The Bluetooth Heart Rate Measurement characteristic (GATT 0x2A37, in the Heart Rate
 * service 0x180D), read from its bytes (little-endian), as the Bluetooth SIG's field
 * definitions give it:
 *
 * - byte 0, flags: bit 0 the value's format (0: uint8, 1: uint16); bits 1-2 sensor
 *   contact (0 or 1: not supported, 2: supported but not detected, 3: detected);
 *   bit 3 Energy Expended present (uint16, kilojoules); bit 4 RR-Interval present
 *   (one or more uint16, in 1/1024 s); bits 5-7 reserved (ignored, as the specification
 *   asks of a receiver).
 * - then the heart rate, the energy expended if flagged, the RR intervals if flagged.
 *
 * A malformed notification gives `{ ok: false, error }` with the reason: never an
 * exception, whatever the bytes. Pure.
 */

export const HEART_RATE_SERVICE = 0x180d;
export const HEART_RATE_MEASUREMENT = 0x2a37;

type SensorContact = 'not-supported' | 'not-detected' | 'detected';

export interface HeartRateMeasurement {
  /** Beats per minute as the strap reports it. */
  heartRateBpm: number;
  sensorContact: SensorContact;
  /** Kilojoules since the last reset, or null when not sent. */
  energyExpendedKj: number | null;
  /** RR intervals as sent, in 1/1024 s. */
  rrIntervals1024: number[];
  /** The same intervals in milliseconds. */
  rrIntervalsMs: number[];
}

type ParseResult = { ok: true; value: HeartRateMeasurement } | { ok: false; error: string };

type Bytes = ArrayBuffer | ArrayBufferView;

function toBytes(data: Bytes): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data && ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  return null;
}

const CONTACT: readonly SensorContact[] = [
  'not-supported',
  'not-supported',
  'not-detected',
  'detected',
];

/** One RR unit (1/1024 s) in milliseconds. */
export const RR_UNIT_MS = 1000 / 1024;

export function parseHeartRateMeasurement(data: Bytes): ParseResult {
  const bytes = toBytes(data);
  if (!bytes) return { ok: false, error: 'Not a byte buffer.' };
  if (bytes.length === 0) return { ok: false, error: 'Empty measurement: no flags byte.' };
  const flags = bytes[0]!;
  const wide = (flags & 0x01) !== 0;
  const sensorContact = CONTACT[(flags >> 1) & 0x03]!;
  const hasEnergy = (flags & 0x08) !== 0;
  const hasRr = (flags & 0x10) !== 0;
  const u16 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8);

  let at = 1;
  const valueSize = wide ? 2 : 1;
  if (bytes.length < at + valueSize) {
    return {
      ok: false,
      error: `Too short: the ${wide ? '16' : '8'}-bit heart rate needs ${at + valueSize} bytes, got ${bytes.length}.`,
    };
  }
  const heartRateBpm = wide ? u16(at) : bytes[at]!;
  at += valueSize;

  let energyExpendedKj: number | null = null;
  if (hasEnergy) {
    if (bytes.length < at + 2) {
      return {
        ok: false,
        error: `Too short: energy expended is flagged but needs bytes ${at}-${at + 1}, got ${bytes.length} bytes.`,
      };
    }
    energyExpendedKj = u16(at);
    at += 2;
  }

  const rrIntervals1024: number[] = [];
  if (hasRr) {
    const rest = bytes.length - at;
    if (rest === 0) {
      return { ok: false, error: 'RR intervals are flagged but none was sent.' };
    }
    if (rest % 2 !== 0) {
      return {
        ok: false,
        error: `RR intervals are 2 bytes each; ${rest} bytes remain after byte ${at}.`,
      };
    }
    for (; at < bytes.length; at += 2) rrIntervals1024.push(u16(at));
  } else if (at < bytes.length) {
    return {
      ok: false,
      error: `${bytes.length - at} unexpected byte(s) after byte ${at - 1}: no field is flagged for them.`,
    };
  }

  return {
    ok: true,
    value: {
      heartRateBpm,
      sensorContact,
      energyExpendedKj,
      rrIntervals1024,
      rrIntervalsMs: rrIntervals1024.map((v) => v * RR_UNIT_MS),
    },
  };
}
