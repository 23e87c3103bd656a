// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CommunityPreferencesPanel } from '../../../src/features/community/CommunityPreferencesPanel';
import { getPersonPreference } from '../../../src/data/preferencesRepo';
import { COMMUNITY_PREFERENCES_KEY } from '../../../src/domain/community/preferences';

/**
 * The community preferences panel on a real Dexie database (fake-indexeddb): defaults shown,
 * each change stored as the person's preference (the row the preferences sync uploads).
 * Does not prove the upload itself or the panel's place on Settings.
 */
afterEach(cleanup);

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
    fireEvent.click(screen.getByRole('switch', { name: 'Share sessions by default' }));
    await waitFor(async () =>
      expect(await getPersonPreference(COMMUNITY_PREFERENCES_KEY)).toMatchObject({
        privacyLevel: 'followers',
        shareByDefault: true,
        notificationSettings: { comments: true, reactions: true, follows: true },
      }),
    );
  });
});
