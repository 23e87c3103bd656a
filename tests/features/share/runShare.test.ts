import { describe, expect, it, vi } from 'vitest';
import { HttpError, NetworkError } from '../../../src/domain/errors/appErrors';
import { runShare, type ShareDeps, type ShareJob } from '../../../src/features/share/runShare';

const job = (platforms: ShareJob['platforms'], over: Partial<ShareJob> = {}): ShareJob => ({
  text: 'Calm today',
  platforms,
  link: 'http://127.0.0.1/',
  post: { id: '0b0b0b0b-0000-4000-8000-000000000001', pattern: { id: 'box', name: 'Box Breathing' } },
  ...over,
});

function deps(over: Partial<ShareDeps> = {}) {
  const calls: string[] = [];
  const d: ShareDeps = {
    open: vi.fn((url: string) => {
      calls.push(`open ${new URL(url).hostname}`);
      return calls.filter((c) => c.startsWith('open')).length === 1 ? ({} as Window) : null; // one window per click
    }),
    webShare: vi.fn(async () => {
      calls.push('sheet');
    }),
    canShare: vi.fn(() => true),
    copy: vi.fn(async () => {
      calls.push('copy');
      return true;
    }),
    postToCommunity: vi.fn(async (input) => {
      calls.push('post');
      return { id: input.id };
    }),
    ...over,
  };
  return { d, calls };
}

describe('one press of Share', () => {
  it('starts the copy, the share sheet and the share pages before it waits; posts to the community last', async () => {
    const { d, calls } = deps();
    const card = new File([new Uint8Array([1])], 'pneuma-stats-2026-11-23.png', { type: 'image/png' });
    const out = await runShare(job(['community', 'x', 'facebook', 'device'], { card }), d);
    expect(calls).toEqual(['copy', 'sheet', 'open twitter.com', 'open www.facebook.com', 'post']);
    expect(d.webShare).toHaveBeenCalledWith({ text: 'Calm today', url: 'http://127.0.0.1/', files: [card] });
    expect(out).toEqual([
      { platform: 'device', status: 'shared' },
      { platform: 'x', status: 'opened', href: expect.stringContaining('twitter.com/intent/tweet?text=Calm%20today'), copied: false },
      { platform: 'facebook', status: 'blocked', href: expect.stringContaining('facebook.com/sharer'), copied: true },
      { platform: 'community', status: 'posted', postId: '0b0b0b0b-0000-4000-8000-000000000001' },
    ]);
  });

  it('sends the card only where the browser shares files; a closed sheet is not a share', async () => {
    const { d } = deps({
      canShare: () => false,
      webShare: vi.fn(async () => {
        throw new DOMException('closed', 'AbortError');
      }),
    });
    const out = await runShare(job(['device'], { card: new File([], 'c.png') }), d);
    expect(d.webShare).toHaveBeenCalledWith({ text: 'Calm today', url: 'http://127.0.0.1/' });
    expect(out).toEqual([{ platform: 'device', status: 'cancelled' }]);
    expect(d.copy).not.toHaveBeenCalled();
  });

  it('a refused community post says why, in the server’s words; no connection says so', async () => {
    const refused = deps({
      postToCommunity: async () => {
        throw new HttpError(400, 'content: The post can be at most 280 characters (this one has 300)');
      },
    });
    expect(await runShare(job(['community']), refused.d)).toEqual([
      { platform: 'community', status: 'failed', message: 'Failed to share session: content: The post can be at most 280 characters (this one has 300)' },
    ]);
    const offline = deps({
      postToCommunity: async () => {
        throw new NetworkError();
      },
    });
    const [o] = await runShare(job(['community']), offline.d);
    expect(o).toMatchObject({ status: 'failed', message: expect.stringMatching(/^Failed to share session: the server could not be reached/) });
  });
});
