// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unseenRepliesBadge } from '../../../src/domain/community/unseenReplies';

/**
 * The unseen-replies hook on the device side: the 'last seen' mark kept per account, the
 * count asked with it, cleared on /community. The server is replaced by a recorder (the
 * server's count is tested in tests/server/community/suite.ts). Does not prove the badge's
 * place in the bottom navigation on a real screen.
 */
const api = vi.hoisted(() => ({ unseenReplies: vi.fn(async (_since: string) => 12) }));
vi.mock('../../../src/backend/communityApi', () => ({ communityApi: api }));
const { useUnseenReplies } = await import('../../../src/features/shell/useUnseenReplies');

function Probe({ userId, path }: { userId: string | null; path: string }) {
  const n = useUnseenReplies(userId, path);
  const badge = unseenRepliesBadge(n);
  return <output aria-label={badge?.label ?? 'none'}>{badge?.text ?? ''}</output>;
}

beforeEach(() => {
  localStorage.clear();
  api.unseenReplies.mockClear();
});
afterEach(cleanup);

describe('useUnseenReplies', () => {
  it('asks with the stored mark and shows 9+ above nine, with the exact count in the label', async () => {
    localStorage.setItem('pneuma.repliesSeenAt.u1', '2026-11-27T10:00:00.000Z');
    render(<Probe userId="u1" path="/" />);
    await waitFor(() => expect(screen.getByRole('status', { name: '12 unseen replies' }).textContent).toBe('9+'));
    expect(api.unseenReplies).toHaveBeenCalledWith('2026-11-27T10:00:00.000Z');
  });

  it('a first visit sets the mark to now; opening /community moves it and clears the count', async () => {
    const { rerender } = render(<Probe userId="u1" path="/" />);
    await waitFor(() => expect(api.unseenReplies).toHaveBeenCalledTimes(1));
    const first = localStorage.getItem('pneuma.repliesSeenAt.u1');
    expect(first).not.toBeNull();
    expect(api.unseenReplies).toHaveBeenCalledWith(first);
    await screen.findByText('9+');
    await new Promise((r) => setTimeout(r, 5));
    act(() => rerender(<Probe userId="u1" path="/community" />));
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('none');
    expect(Date.parse(localStorage.getItem('pneuma.repliesSeenAt.u1')!)).toBeGreaterThan(Date.parse(first!));
    expect(api.unseenReplies).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a guest', async () => {
    render(<Probe userId={null} path="/" />);
    await new Promise((r) => setTimeout(r, 10));
    expect(api.unseenReplies).not.toHaveBeenCalled();
    expect(screen.getByRole('status').getAttribute('aria-label')).toBe('none');
  });
});
