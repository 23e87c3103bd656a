/**
 * The strap parser against the Heart Rate Measurement characteristic's field definitions
 * (Bluetooth SIG, GATT 0x2A37): literal byte vectors written out from the field table,
 * then every one of the 32 flag combinations (value format x sensor contact x energy x RR),
 * then malformed buffers. Does not prove: that a given strap model follows the
 * specification (no real strap was available here); the vectors are written from the
 * specification's table, not captured from a device.
 */
import { describe, expect, it } from 'vitest';
import {
  parseHeartRateMeasurement,
  RR_UNIT_MS,
} from '../../../src/domain/heart/heartRateMeasurement';

const bytes = (...b: number[]) => new Uint8Array(b);

function ok(data: Uint8Array) {
  const r = parseHeartRateMeasurement(data);
  if (!r.ok) throw new Error(`expected a measurement, got: ${r.error}`);
  return r.value;
}

describe('Heart Rate Measurement 0x2A37: literal vectors', () => {
  it('flags 0x00, uint8 72 bpm, no contact support, nothing else', () => {
    expect(ok(bytes(0x00, 0x48))).toEqual({
      heartRateBpm: 72,
      sensorContact: 'not-supported',
      energyExpendedKj: null,
      rrIntervals1024: [],
      rrIntervalsMs: [],
    });
  });

  it('flags 0x01, uint16 little-endian: 0x012C = 300 bpm (above 255, only 16-bit can say it)', () => {
    expect(ok(bytes(0x01, 0x2c, 0x01)).heartRateBpm).toBe(300);
  });

  it('flags 0x16: contact detected, uint8 60 bpm, one RR of 0x031A = 794/1024 s', () => {
    const m = ok(bytes(0x16, 0x3c, 0x1a, 0x03));
    expect(m.heartRateBpm).toBe(60);
    expect(m.sensorContact).toBe('detected');
    expect(m.rrIntervals1024).toEqual([794]);
    expect(m.rrIntervalsMs[0]).toBeCloseTo(775.390625, 9);
  });

  it('flags 0x1F: all fields, uint16 value, contact detected, energy 0x0102 kJ, two RRs', () => {
    const m = ok(bytes(0x1f, 0x50, 0x00, 0x02, 0x01, 0x00, 0x04, 0x00, 0x03));
    expect(m).toMatchObject({
      heartRateBpm: 80,
      sensorContact: 'detected',
      energyExpendedKj: 258,
      rrIntervals1024: [1024, 768],
    });
    expect(m.rrIntervalsMs).toEqual([1000, 750]);
  });

  it('flags 0x04: contact supported but not detected', () => {
    expect(ok(bytes(0x04, 0x40)).sensorContact).toBe('not-detected');
  });

  it('flags 0x02 (bit 1 alone): contact not supported, as the table says for 0 and 1', () => {
    expect(ok(bytes(0x02, 0x40)).sensorContact).toBe('not-supported');
  });

  it('reserved bits 5-7 are ignored', () => {
    expect(ok(bytes(0xe0, 0x48)).heartRateBpm).toBe(72);
  });

  it('accepts an ArrayBuffer and a DataView over part of a larger buffer (as Web Bluetooth gives)', () => {
    const big = bytes(0xaa, 0x10, 0x48, 0x00, 0x04, 0xbb);
    expect(ok(new Uint8Array(big.buffer.slice(1, 5))).rrIntervals1024).toEqual([1024]);
    const view = new DataView(big.buffer, 1, 4);
    const r = parseHeartRateMeasurement(view);
    expect(r.ok && r.value.rrIntervals1024).toEqual([1024]);
  });
});

describe('every flag combination', () => {
  const contacts = [
    [0, 'not-supported'],
    [1, 'not-supported'],
    [2, 'not-detected'],
    [3, 'detected'],
  ] as const;
  const cases: [number, boolean, number, string, boolean, boolean][] = [];
  for (const wide of [false, true])
    for (const [c, name] of contacts)
      for (const energy of [false, true])
        for (const rr of [false, true]) {
          const flags = (wide ? 1 : 0) | (c << 1) | (energy ? 8 : 0) | (rr ? 16 : 0);
          cases.push([flags, wide, c, name, energy, rr]);
        }
  it('covers 32 combinations', () => expect(cases).toHaveLength(32));

  it.each(cases)('flags %i', (flags, wide, _c, contact, energy, rr) => {
    const b: number[] = [flags];
    const hr = wide ? 0x0123 : 0x5a; // 291 or 90
    if (wide) b.push(hr & 0xff, hr >> 8);
    else b.push(hr);
    if (energy) b.push(0x34, 0x12); // 0x1234 = 4660 kJ
    if (rr) b.push(0x00, 0x03, 0xff, 0x02, 0x01, 0x04); // 768, 767, 1025
    const m = ok(new Uint8Array(b));
    expect(m.heartRateBpm).toBe(hr);
    expect(m.sensorContact).toBe(contact);
    expect(m.energyExpendedKj).toBe(energy ? 4660 : null);
    expect(m.rrIntervals1024).toEqual(rr ? [768, 767, 1025] : []);
    expect(m.rrIntervalsMs).toEqual(m.rrIntervals1024.map((v) => v * RR_UNIT_MS));
    // One byte short of any flagged layout is an error, never an exception.
    const short = parseHeartRateMeasurement(new Uint8Array(b.slice(0, -1)));
    expect(short.ok).toBe(false);
  });
});

describe('malformed buffers give a reason, never an exception', () => {
  const bad: [string, Uint8Array | ArrayBuffer | DataView, RegExp][] = [
    ['empty', bytes(), /Empty/],
    ['flags only, 8-bit', bytes(0x00), /8-bit heart rate needs 2 bytes, got 1/],
    ['half a 16-bit value', bytes(0x01, 0x48), /16-bit heart rate needs 3 bytes, got 2/],
    ['energy flagged, one byte', bytes(0x08, 0x48, 0x01), /energy expended/],
    ['RR flagged, none sent', bytes(0x10, 0x48), /none was sent/],
    ['RR flagged, odd byte', bytes(0x10, 0x48, 0x00, 0x04, 0x01), /2 bytes each; 3 bytes remain/],
    ['stray byte, nothing flagged', bytes(0x00, 0x48, 0x07), /unexpected byte/],
    ['empty ArrayBuffer', new ArrayBuffer(0), /Empty/],
  ];
  it.each(bad)('%s', (_name, data, reason) => {
    const r = parseHeartRateMeasurement(data);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(reason);
  });

  it('not a buffer at all (a wrong caller) is an error too', () => {
    const r = parseHeartRateMeasurement(null as unknown as ArrayBuffer);
    expect(r).toEqual({ ok: false, error: 'Not a byte buffer.' });
  });

  it('random bytes never throw', () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff) * 256;
    for (let i = 0; i < 2000; i++) {
      const b = new Uint8Array(Math.floor(rand() / 20));
      for (let j = 0; j < b.length; j++) b[j] = Math.floor(rand());
      expect(() => parseHeartRateMeasurement(b)).not.toThrow();
    }
  });
});
