// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { SyncBadge } from '../../../src/features/sync/SyncBadge';
import { SyncStatusPanel } from '../../../src/features/sync/SyncStatusPanel';
import { GuestAttachPrompt } from '../../../src/features/sync/GuestAttachPrompt';
import { DataBundlePanel } from '../../../src/features/data-bundle/DataBundlePanel';
import { resetNetworkStoreForTests } from '../../../src/app/network/networkStore';
import { makeSession } from '../../sync/helpers';
import { syncRefusalText } from '../../../src/domain/errors/syncRefusal';

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  resetNetworkStoreForTests();
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  setOnline(true);
});
afterEach(() => {
  cleanup();
});

async function signIn(userId = 'user-a') {
  await db.authSession.put({
    key: 'current',
    accessToken: 'a',
    refreshToken: 'r',
    expiresAt: 2e9,
    userId,
    email: 'a@x.test',
  });
}

describe('sync badge', () => {
  it('shows Online and the pending count, with a spoken label', async () => {
    await signIn();
    await db.sessions.bulkPut([
      makeSession({}, 1),
      makeSession({}, 2),
      makeSession({ syncState: 'synced' }, 3),
    ]);
    render(<SyncBadge />);
    const badge = await screen.findByRole('button', { name: /Sync status: Online/ });
    await waitFor(() => expect(badge.textContent).toContain('2 pending'));
    expect(badge.getAttribute('aria-label')).toBe('Sync status: Online, 2 pending sessions');
  });

  it('shows Offline when the device is offline', async () => {
    setOnline(false);
    await signIn();
    await db.sessions.put(makeSession({}, 1));
    render(<SyncBadge />);
    const badge = await screen.findByRole('button', { name: /Sync status: Offline/ });
    await waitFor(() => expect(badge.textContent).toContain('1 pending'));
  });

  it('says slow on a 2g connection', async () => {
    Object.defineProperty(navigator, 'connection', {
      value: Object.assign(new EventTarget(), { effectiveType: '2g' }),
      configurable: true,
    });
    setOnline(true);
    try {
      await signIn();
      render(<SyncBadge />);
      const badge = await screen.findByRole('button', {
        name: /Sync status: Online, Slow connection/,
      });
      expect(badge.textContent).toContain('slow');
    } finally {
      Object.defineProperty(navigator, 'connection', { value: undefined, configurable: true });
      setOnline(true);
    }
  });

  it('a guest sees no pending count', async () => {
    await db.sessions.put(makeSession({ userId: null, syncState: 'guest' }, 1));
    render(<SyncBadge />);
    const badge = await screen.findByRole('button', { name: 'Sync status: Online' });
    expect(badge.textContent).not.toContain('pending');
  });
});

describe('guest sessions after sign-in', () => {
  it('offers to add them to the account; accepting attaches them as pending', async () => {
    await db.sessions.bulkPut([
      makeSession({ userId: null, syncState: 'guest' }, 1),
      makeSession({ userId: null, syncState: 'guest' }, 2),
    ]);
    await signIn();
    render(<GuestAttachPrompt userId="user-a" />);
    const dialog = await screen.findByRole('dialog', {
      name: 'Add your guest sessions to your account?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add 2 sessions to my account' }));
    await waitFor(async () =>
      expect(await db.sessions.where('syncState').equals('guest').count()).toBe(0),
    );
    expect(
      (await db.sessions.toArray()).every(
        (s) => s.userId === 'user-a' && s.syncState === 'pending',
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('"Keep on this device only" is remembered for that account', async () => {
    await signIn();
    await db.sessions.put(makeSession({ userId: null, syncState: 'guest' }, 1));
    render(<GuestAttachPrompt userId="user-a" />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep on this device only' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await db.sessions.where('syncState').equals('guest').count()).toBe(1);
    cleanup();
    render(<GuestAttachPrompt userId="user-a" />);
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('sync details', () => {
  it('shows Connected, last sync, pending, and failed sessions with their reason; Retry puts one back', async () => {
    await signIn();
    const failed = makeSession(
      { syncState: 'failed', lastError: '400: new row violates check constraint' },
      1,
    );
    await db.sessions.bulkPut([
      makeSession({}, 2),
      failed,
      makeSession({ syncState: 'local_only', lastError: 'The session service answered 404' }, 3),
    ]);
    await db.preferences.put({ key: 'lastSyncTime', value: Date.now() - 3 * 60_000 });
    render(<SyncStatusPanel />);
    expect(await screen.findByRole('heading', { name: 'Sync' })).toBeTruthy();
    expect(screen.getByTestId('sync-connection').textContent).toContain('Connected');
    await waitFor(() => expect(screen.getByTestId('sync-pending-count').textContent).toBe('1'));
    await waitFor(() => expect(screen.getByTestId('sync-last').textContent).toBe('3 minutes ago'));
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    // Each refusal reads as a sentence about what to do, never the database's own words (issue 44 item 2).
    expect(
      (await screen.findAllByText(syncRefusalText('400: new row violates check constraint')))
        .length,
    ).toBeGreaterThan(0);
    expect(
      (await screen.findAllByText(syncRefusalText('The session service answered 404'))).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/violates check constraint|answered 404/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Retry Box Breathing/ }));
    await waitFor(async () =>
      expect((await db.sessions.get(failed.id))?.syncState).toBe('pending'),
    );
    await waitFor(() => expect(screen.getByTestId('sync-pending-count').textContent).toBe('2'));
  });

  it('says Offline Mode when offline and never synced says Not yet', async () => {
    setOnline(false);
    await signIn();
    render(<SyncStatusPanel />);
    await waitFor(() =>
      expect(screen.getByTestId('sync-connection').textContent).toContain('Offline Mode'),
    );
    await waitFor(() => expect(screen.getByTestId('sync-last').textContent).toBe('Not yet'));
  });
});

describe('data bundle panel', () => {
  it('a bad file gets a clear message naming what is wrong', async () => {
    render(<DataBundlePanel />);
    const input = screen.getByLabelText('Import data') as HTMLInputElement;
    const file = new File([JSON.stringify({ sessions: [] })], 'bad.json', {
      type: 'application/json',
    });
    fireEvent.change(input, { target: { files: [file] } });
    const alert = await screen.findByRole('alert');
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'This file is not a Pneuma export. Choose a file saved with “Export data”.',
      ),
    );
  });

  it('a good file is merged and summarised', async () => {
    render(<DataBundlePanel />);
    const input = screen.getByLabelText('Import data') as HTMLInputElement;
    const bundle = {
      sessions: [makeSession({ syncState: 'synced' }, 1)],
      patterns: [],
      userPreferences: {
        defaultPattern: 'sleep',
        voiceEnabled: true,
        cameraEnabled: false,
        lastSyncTime: null,
      },
    };
    fireEvent.change(input, { target: { files: [new File([JSON.stringify(bundle)], 'ok.json')] } });
    // The file is shown first ('1 session: import?'); nothing changes until Import.
    const preview = await screen.findByRole('group', { name: 'Import preview' });
    expect(await db.sessions.count()).toBe(0);
    fireEvent.click(within(preview).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Import complete: 1 session added'),
    );
    expect(await db.sessions.count()).toBe(1);
  });
});
