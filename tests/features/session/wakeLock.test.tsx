// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWakeLock, type WakeLockState } from '../../../src/features/session/useWakeLock';
import { WakeLockNote } from '../../../src/features/session/WakeLockNote';

afterEach(cleanup);

function Probe({ active }: { active: boolean }) {
  useWakeLock(active);
  return null;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('useWakeLock', () => {
  it('holds the screen awake while active, re-acquires when the tab returns, releases at the end', async () => {
    const sentinels: { released: boolean; release: () => Promise<void> }[] = [];
    const request = vi.fn(async () => {
      const s = {
        released: false,
        release: vi.fn(async () => {
          s.released = true;
        }),
      };
      sentinels.push(s);
      return s;
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });

    const { rerender, unmount } = render(<Probe active />);
    await flush();
    expect(request).toHaveBeenCalledWith('screen');
    expect(request).toHaveBeenCalledTimes(1);

    // The browser drops the lock when the tab is hidden; coming back re-acquires it.
    sentinels[0]!.released = true;
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(request).toHaveBeenCalledTimes(2);

    // A visibility change while the lock is held asks for nothing more.
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(request).toHaveBeenCalledTimes(2);

    rerender(<Probe active={false} />);
    await flush();
    expect(sentinels[1]!.release).toHaveBeenCalled();
    unmount();
  });

  it('says the screen may sleep, and how to keep it on, where the API is missing or the lock refused', async () => {
    function Shown() {
      const state: WakeLockState = useWakeLock(true);
      return <WakeLockNote state={state} />;
    }
    Object.defineProperty(navigator, 'wakeLock', { value: undefined, configurable: true });
    const missing = render(<Shown />);
    // findByRole waits for the note (a loaded machine may take more than one flush).
    expect((await missing.findByRole('note')).textContent).toMatch(/may dim and lock.*Auto-Lock/);
    missing.unmount();

    const request = vi.fn(async () => Promise.reject(new Error('NotAllowedError')));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const refused = render(<Shown />);
    expect((await refused.findByRole('note')).textContent).toMatch(/may dim and lock/);
    refused.unmount();

    const held = vi.fn(async () => ({ released: false, release: async () => undefined }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request: held }, configurable: true });
    const ok = render(<Shown />);
    await flush();
    expect(ok.queryByRole('note')).toBeNull();
    ok.unmount();
  });

  it('does nothing where the Wake Lock API is missing or refused', async () => {
    const request = vi.fn(async () => Promise.reject(new Error('NotAllowedError')));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const { unmount } = render(<Probe active />);
    await flush();
    expect(request).toHaveBeenCalledTimes(1); // refused: the hook swallows it, the session goes on
    unmount();
  });
});
