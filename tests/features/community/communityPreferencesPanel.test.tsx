// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommunityPreferencesPanel } from '../../../src/features/community/CommunityPreferencesPanel';
import { getPersonPreference } from '../../../src/data/preferencesRepo';
import { COMMUNITY_PREFERENCES_KEY } from '../../../src/domain/communityPreferences';

/**
 * The community preferences panel on a real Dexie database (fake-indexeddb): defaults shown,
 * each change stored as the person's preference (the row the preferences sync uploads).
 * Does not prove the upload itself or the panel's place on Settings.
 */
afterEach(cleanup);
// The panel's link to Settings, without a router.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, hash, children }: { to: string; hash?: string; children: ReactNode }) => (
    <a href={hash ? `${to}#${hash}` : to}>{children}</a>
  ),
}));

describe('CommunityPreferencesPanel', () => {
  it('shows the defaults and stores each change on the device', async () => {
    render(<CommunityPreferencesPanel />);
    const privacy = (await screen.findByLabelText('Who sees my posts')) as HTMLSelectElement;
    expect(privacy.value).toBe('public');
    fireEvent.change(privacy, { target: { value: 'followers' } });
    await waitFor(async () =>
      expect(await getPersonPreference(COMMUNITY_PREFERENCES_KEY)).toMatchObject({ privacyLevel: 'followers' }),
    );
    await waitFor(() => expect((screen.getByLabelText('Who sees my posts') as HTMLSelectElement).value).toBe('followers'));
    fireEvent.click(screen.getByRole('switch', { name: 'Share to the community by default' }));
    await waitFor(async () =>
      expect(await getPersonPreference(COMMUNITY_PREFERENCES_KEY)).toMatchObject({
        privacyLevel: 'followers',
        shareByDefault: false,
        notificationSettings: { comments: true, reactions: true, follows: true },
      }),
    );
  });

  it('session reminders are the practice reminders of Settings: their count here, and the way there', async () => {
    localStorage.setItem(
      'pneuma.practiceReminders',
      JSON.stringify({ reminders: [{ id: 'r1', days: [1, 3], time: '07:30', patternId: 'box', patternName: 'Box Breathing' }] }),
    );
    render(<CommunityPreferencesPanel />);
    const line = await screen.findByTestId('community-session-reminders');
    expect(line.textContent).toMatch(/^Session reminders: 1 set on this device\./);
    expect(screen.getByRole('link', { name: 'Set them in Settings' }).getAttribute('href')).toBe('/settings#reminders');
    expect(screen.queryByRole('switch', { name: /reminders/i })).toBeNull();
    localStorage.clear();
  });
});
