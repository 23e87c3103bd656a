// @vitest-environment happy-dom
/**
 * The retention screen's limit alarm on a fake clock (vitest's fake timers drive
 * performance.now() and requestAnimationFrame): with a best hold of 60 s in this session,
 * the limit is 90 s; 'Are you OK?' appears on the first frame past 90 s and not before.
 * The breath loop is a stand-in (its snapshot: holding, this session's holds, the hold's
 * start), not the real machine. Does not prove: a sound (none plays yet), the camera watch
 * (not built), the stored best read from a real device's database (empty here), or any
 * safety of a person.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RetentionPanel } from '../../../src/features/session/RetentionPanel';
import type { LoopRef } from '../../../src/features/session/useSessionController';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function holdingLoop(holdsMs: number[], holdStartedAt: number): LoopRef {
  const snapshot = {
    matches: (v: unknown) => JSON.stringify(v) === JSON.stringify({ retention: 'holding' }),
    context: { holdsMs, holdStartedAt },
  };
  return {
    subscribe: () => ({ unsubscribe() {} }),
    getSnapshot: () => snapshot,
  } as unknown as LoopRef;
}

const actions = { breatheAgain() {}, anotherRound() {}, finish() {} } as never;

describe('RetentionPanel: the hold limit', () => {
  it('asks "Are you OK?" at best + 30 s, not before', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'],
    });
    const start = performance.now();
    render(<RetentionPanel loopRef={holdingLoop([60_000], start)} actions={actions} />);
    act(() => vi.advanceTimersByTime(89_900));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('alert').textContent).toMatch(
      /Are you OK\? This hold has passed your limit of 90 s\./,
    );
  });

  it('a first hold (no best yet) waits for the 3-minute cap', () => {
    vi.useFakeTimers({
      toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'Date'],
    });
    const start = performance.now();
    render(<RetentionPanel loopRef={holdingLoop([], start)} actions={actions} />);
    act(() => vi.advanceTimersByTime(179_900));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    expect(screen.getByRole('alert').textContent).toMatch(/limit of 180 s/);
  });
});
