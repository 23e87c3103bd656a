// @vitest-environment happy-dom
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PATTERN_HOLD_ATTR, SESSION_PATTERN_HINT_KEY } from '../../../src/domain/prePaintScript';
import { db } from '../../../src/data/db';
import { librarySelection, setSelectedPattern } from '../../../src/data/selectedPatternRepo';
import { useSessionPattern } from '../../../src/features/session/useSessionPattern';

/**
 * A session page is prerendered with the first visit's pattern (box), hydrates showing the
 * same, then shows the pattern this visit resolves to: a replacement gets a new revision
 * (the screen starts again with it); the same pattern keeps revision 0 (nothing restarts).
 */
function Probe({ urlParam, seen }: { urlParam?: string; seen: string[] }) {
  const resolved = useSessionPattern(urlParam, undefined);
  const text = resolved ? `${resolved.pattern.id}@${resolved.revision}` : 'loading';
  seen.push(text);
  return <p>{text}</p>;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
/** What hydration reported (a mismatch with the built HTML is a recoverable error). */
let recoverable: unknown[] = [];
let container: HTMLElement;

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  localStorage.clear();
  recoverable = [];
  container = document.createElement('div');
  document.body.appendChild(container);
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  document.documentElement.removeAttribute(PATTERN_HOLD_ATTR);
});

async function hydrate(seen: string[], urlParam?: string): Promise<void> {
  container.innerHTML = renderToString(<Probe urlParam={urlParam} seen={[]} />);
  await act(async () => {
    root = hydrateRoot(container, <Probe urlParam={urlParam} seen={seen} />, {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
}

const settled = (seen: string[], text: string) =>
  vi.waitFor(() => {
    expect(container.textContent).toBe(text);
    expect(seen.at(-1)).toBe(text);
  });

describe('useSessionPattern on a prerendered page', () => {
  it('is built and hydrated with box; nothing stored keeps it, unreplaced', async () => {
    expect(renderToString(<Probe seen={[]} />)).toContain('box@0');
    const seen: string[] = [];
    await hydrate(seen);
    expect(seen[0]).toBe('box@0');
    await settled(seen, 'box@0');
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('box@0');
    expect(recoverable).toEqual([]); // hydration met the built HTML
  });

  it('replaces box with the stored choice, releases the hold and remembers the choice', async () => {
    await setSelectedPattern(
      librarySelection({ key: 'sleep', name: 'Sleep Preparation', phases: { inhale: 4, hold: 7, exhale: 8, pause: 0 } }),
    );
    expect(localStorage.getItem(SESSION_PATTERN_HINT_KEY)).toBe('sleep');
    document.documentElement.setAttribute(PATTERN_HOLD_ATTR, '');
    const seen: string[] = [];
    await hydrate(seen);
    expect(seen[0]).toBe('box@0');
    await settled(seen, 'sleep@1');
    expect(recoverable).toEqual([]);
    expect(document.documentElement.hasAttribute(PATTERN_HOLD_ATTR)).toBe(false);
    expect(localStorage.getItem(SESSION_PATTERN_HINT_KEY)).toBe('sleep');
  });

  it('forgets a remembered choice that is no longer stored (the default needs no hint)', async () => {
    localStorage.setItem(SESSION_PATTERN_HINT_KEY, 'sleep');
    const seen: string[] = [];
    await hydrate(seen);
    await settled(seen, 'box@0');
    await vi.waitFor(() => expect(localStorage.getItem(SESSION_PATTERN_HINT_KEY)).toBeNull());
  });
});

describe('useSessionPattern in a page rendered in the browser', () => {
  it('shows loading until the stored choice is read (never a provisional box)', async () => {
    await setSelectedPattern(
      librarySelection({ key: 'sleep', name: 'Sleep Preparation', phases: { inhale: 4, hold: 7, exhale: 8, pause: 0 } }),
    );
    const seen: string[] = [];
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe seen={seen} />);
    });
    expect(seen[0]).toBe('loading');
    await settled(seen, 'sleep@1');
    expect(seen).not.toContain('box@0');
  });

  it('takes a catalogue id in the URL at once', async () => {
    const seen: string[] = [];
    await act(async () => {
      root = createRoot(container);
      root.render(<Probe urlParam="energy" seen={seen} />);
    });
    expect(seen[0]).toBe('energy@0');
    await settled(seen, 'energy@0');
  });
});
