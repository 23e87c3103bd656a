import { describe, expect, it } from 'vitest';
import {
  isStamp,
  mergeDecision,
  type LocalCopy,
  type ServerVersion,
} from '../../src/domain/syncMerge';
import type { SyncState } from '../../src/domain/sessionRecord';

const T1 = '2026-11-23T10:00:00.000+00:00';
const T2 = '2026-11-23T10:00:00.001+00:00';
const T3 = '2026-11-23T11:30:00.000Z';

const server = (updatedAt: string, deleted = false): ServerVersion => ({ updatedAt, deleted });
const copy = (syncState: SyncState, serverUpdatedAt?: string): LocalCopy => ({
  syncState,
  serverUpdatedAt,
});

/**
 * Plays the merge rules for one row between a server (which stamps each arriving write
 * with its own increasing time) and any number of devices. A device's local edit is kept
 * until it uploads; an upload is stamped by the server, never by the device's clock.
 */
class World {
  private t = Date.parse('2026-11-23T09:00:00.000Z');
  server: { value: string; updatedAt: string; deleted: boolean } | null = null;
  devices = new Map<
    string,
    { value: string; syncState: SyncState; serverUpdatedAt?: string; editedAt?: number } | null
  >();

  /**
   * A device edits its copy (offline or not): the change waits for upload. `editedAt` is
   * the device's own clock, kept on the copy as the app does, and never consulted.
   */
  edit(device: string, value: string, editedAt = Date.now()) {
    const cur = this.devices.get(device) ?? null;
    this.devices.set(device, {
      value,
      syncState: 'pending',
      serverUpdatedAt: cur?.serverUpdatedAt,
      editedAt,
    });
  }

  /** A device deletes its copy: a pending tombstone (value '') until uploaded. */
  remove(device: string) {
    this.edit(device, '');
  }

  /** Uploads a device's pending change: the server stamps it with the server's time. */
  push(device: string) {
    const cur = this.devices.get(device);
    if (!cur || cur.syncState !== 'pending') return;
    this.t += 1000;
    this.server = {
      value: cur.value,
      deleted: cur.value === '',
      updatedAt: new Date(this.t).toISOString(),
    };
    this.devices.set(device, { ...cur, syncState: 'synced' });
  }

  /** Pulls the server's version into a device by the merge rules. */
  pull(device: string) {
    if (!this.server) return;
    const cur = this.devices.get(device) ?? undefined;
    const decision = mergeDecision(
      cur ?? undefined,
      server(this.server.updatedAt, this.server.deleted),
    );
    if (decision === 'insert' || decision === 'replace') {
      this.devices.set(device, {
        value: this.server.value,
        syncState: 'synced',
        serverUpdatedAt: this.server.updatedAt,
      });
    } else if (decision === 'remove') {
      this.devices.set(device, null);
    }
  }

  /** The row as the device shows it (a tombstone shows as nothing). */
  shown(device: string): string | null {
    const v = this.devices.get(device);
    return v && v.value !== '' ? v.value : null;
  }
}

describe('merge rules for a pulled row', () => {
  it('stores a row the device does not have, and ignores a deletion of one it never had', () => {
    expect(mergeDecision(undefined, server(T1))).toBe('insert');
    expect(mergeDecision(undefined, server(T1, true))).toBe('skip');
  });

  it('newer wins: a later server version replaces a synced copy; an equal or older one changes nothing', () => {
    expect(mergeDecision(copy('synced', T1), server(T2))).toBe('replace');
    expect(mergeDecision(copy('synced', T2), server(T2))).toBe('skip');
    expect(mergeDecision(copy('synced', T2), server(T1))).toBe('skip');
    // the same instant written two ways is the same stamp
    expect(mergeDecision(copy('synced', '2026-11-23T11:30:00.000+00:00'), server(T3))).toBe('skip');
  });

  it('a synced copy never pulled before (uploaded from here) takes the server version', () => {
    expect(mergeDecision(copy('synced'), server(T1))).toBe('replace');
    expect(mergeDecision(copy('synced'), server(T1, true))).toBe('remove');
  });

  it('a refused (failed) or local-only copy gives way to a newer server version', () => {
    expect(mergeDecision(copy('failed', T1), server(T2))).toBe('replace');
    expect(mergeDecision(copy('local_only'), server(T1))).toBe('replace');
  });

  it('tombstones: a newer deletion removes the copy; an old one does not', () => {
    expect(mergeDecision(copy('synced', T1), server(T2, true))).toBe('remove');
    expect(mergeDecision(copy('synced', T2), server(T1, true))).toBe('skip');
  });

  it('a change not uploaded yet stays, whatever the server has (it will be the later write there)', () => {
    expect(mergeDecision(copy('pending', T1), server(T3))).toBe('keep-local');
    expect(mergeDecision(copy('pending', T1), server(T3, true))).toBe('keep-local');
    expect(mergeDecision(copy('guest'), server(T3))).toBe('keep-local');
  });

  it('clock skew between devices does not matter: only server stamps are compared', () => {
    // Device B's clock runs a day ahead; A edits after B in real time. The server stamps both.
    const w = new World();
    const day = 24 * 3600_000;
    w.edit('B', 'made on B (its clock says tomorrow)', Date.now() + day);
    w.push('B');
    w.pull('A');
    w.edit('A', 'made on A later', Date.now());
    w.push('A');
    w.pull('B');
    w.pull('A');
    expect(w.shown('A')).toBe('made on A later');
    expect(w.shown('B')).toBe('made on A later');
  });

  it('a row edited offline on two devices ends as one version on both (the one uploaded last)', () => {
    const w = new World();
    w.edit('A', 'v1');
    w.push('A');
    w.pull('B');
    // both offline, both edit
    w.edit('A', 'A offline');
    w.edit('B', 'B offline');
    // A reconnects first and pulls: its own edit stays (not uploaded yet), then uploads
    w.pull('A');
    w.push('A');
    // B reconnects: pulls first (keeps its unsent edit), uploads, which is now the latest
    w.pull('B');
    w.push('B');
    w.pull('A');
    w.pull('B');
    expect(w.shown('A')).toBe('B offline');
    expect(w.shown('B')).toBe('B offline');
    expect(w.devices.get('A')?.serverUpdatedAt).toBe(w.server?.updatedAt);
    expect(w.devices.get('B')?.serverUpdatedAt).toBe(w.server?.updatedAt);
  });

  it('a deletion on one device removes the row on the other; an edit uploaded after it brings it back on both', () => {
    const w = new World();
    w.edit('A', 'pattern');
    w.push('A');
    w.pull('B');
    w.remove('B');
    w.push('B');
    w.pull('A');
    expect(w.shown('A')).toBeNull();
    expect(w.devices.get('A')).toBeNull();

    const v = new World();
    v.edit('A', 'pattern');
    v.push('A');
    v.pull('B');
    v.remove('B');
    v.edit('A', 'renamed offline');
    v.push('B');
    v.pull('A'); // A keeps its unsent edit
    v.push('A');
    v.pull('B');
    expect(v.shown('A')).toBe('renamed offline');
    expect(v.shown('B')).toBe('renamed offline');
  });

  it('compares stamps as instants and recognises what is a stamp', () => {
    // A newer server version replaces a synced copy; the same instant written another way,
    // an older one or one that is not a time changes nothing.
    expect(mergeDecision(copy('synced', T1), server(T2))).toBe('replace');
    expect(mergeDecision(copy('synced', T2), server(T1))).toBe('skip');
    expect(mergeDecision(copy('synced', T1), server('2026-11-23T10:00:00Z'))).toBe('skip');
    expect(mergeDecision(copy('synced', T1), server('not a time'))).toBe('skip');
    expect(isStamp(T1)).toBe(true);
    expect(isStamp('yesterday-ish')).toBe(false);
    expect(isStamp(42)).toBe(false);
  });
});
