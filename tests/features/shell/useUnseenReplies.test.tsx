// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPersonPreference } from '../../../src/data/preferencesRepo';
import { COMMUNITY_PREFERENCES_KEY } from '../../../src/domain/community/preferences';

/**
 * The Community tab's badge hook on the device side: the 'last seen' mark kept per account,
 * the activity asked with it, cleared on /community, and only the kinds the member's
 * community notification settings leave on (stored in a real Dexie on fake-indexeddb). The
 * server is replaced by a recorder (the server's counts are tested in
 * tests/server/community/suite.ts and privacyAndLists.ts). Does not prove the badge's place in
 * the bottom navigation on a real screen (e2e/replies-badge.spec.ts).
 */
const api = vi.hoisted(() => ({
  unseenActivity: vi.fn(async (_since: string) => ({ comments: 12, reactions: 0, follows: 0 })),
}));
vi.mock('../../../src/backend/api/communityApi', () => ({ communityApi: api }));
const { useUnseenReplies } = await import('../../../src/features/shell/useUnseenReplies');
// The question's own module loads with the first question in the app; loaded here up front so
// the first test's wait is not spent transforming it on a loaded machine.
await import('../../../src/features/shell/unseenRepliesQuery');
await import('../../../src/data/localData');

function Probe({ userId, path }: { userId: string | null; path: string }) {
  const badge = useUnseenReplies(userId, path);
  return <output aria-label={badge?.label ?? 'none'}>{badge?.text ?? ''}</output>;
}

beforeEach(() => {
  localStorage.clear();
  api.unseenActivity.mockClear();
});
afterEach(cleanup);

describe('useUnseenReplies', () => {
  it('asks with the stored mark and shows 9+ above nine, with the exact count in the label', async () => {
    localStorage.setItem('pneuma.repliesSeenAt.u1', '2026-11-27T10:00:00.000Z');
    render(<Probe userId="u1" path="/" />);
    await waitFor(() => expect(screen.getByRole('status', { name: '12 unseen replies' }).textContent).toBe('9+'));
    expect(api.unseenActivity).toHaveBeenCalledWith('2026-11-27T10:00:00.000Z');
  });

  it('a first visit sets the mark to now; opening /community moves it and clears the count', async () => {
    const { rerender } = render(<Probe userId="u1" path="/" />);
    await waitFor(() => expect(api.unseenActivity).toHaveBeenCalledTimes(1));
    const first = localStorage.getItem('pneuma.repliesSeenAt.u1');
    expect(first).not.toBeNull();
    expect(api.unseenActivity).toHaveBeenCalledWith(first);
    await screen.findByText('9+');
    await new Promise((r) => setTimeout(r, 5));
    act(() => rerender(<Probe userId="u1" path="/community" />));
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('none');
    expect(Date.parse(localStorage.getItem('pneuma.repliesSeenAt.u1')!)).toBeGreaterThan(Date.parse(first!));
    expect(api.unseenActivity).toHaveBeenCalledTimes(1);
  });

  it('counts reactions and new followers too, and leaves out each kind whose notification is off', async () => {
    api.unseenActivity.mockImplementation(async () => ({ comments: 2, reactions: 3, follows: 1 }));
    const { unmount } = render(<Probe userId="u2" path="/" />);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: '2 unseen replies, 3 new reactions, 1 new follower' }).textContent).toBe('6'),
    );
    unmount();
    await setPersonPreference(COMMUNITY_PREFERENCES_KEY, {
      notificationSettings: { comments: false, reactions: true, follows: false },
    });
    render(<Probe userId="u2" path="/progress" />);
    await waitFor(() => expect(screen.getByRole('status', { name: '3 new reactions' }).textContent).toBe('3'));
    cleanup();
    await setPersonPreference(COMMUNITY_PREFERENCES_KEY, {
      notificationSettings: { comments: false, reactions: false, follows: false },
    });
    render(<Probe userId="u2" path="/" />);
    await waitFor(() => expect(api.unseenActivity).toHaveBeenCalledTimes(3));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('none');
    api.unseenActivity.mockImplementation(async () => ({ comments: 12, reactions: 0, follows: 0 }));
  });

  it('asks nothing for a guest', async () => {
    render(<Probe userId={null} path="/" />);
    await new Promise((r) => setTimeout(r, 10));
    expect(api.unseenActivity).not.toHaveBeenCalled();
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('none');
  });
});
