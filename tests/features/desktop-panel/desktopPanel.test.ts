// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SHORTCUTS,
  setBackgroundBlur,
  setFocusMode,
  setShortcuts,
  setSuppressNotifications,
} from '../../../src/features/desktop-panel/displayControls';
import { isDedicatedGpu, measureLatency } from '../../../src/features/desktop-panel/measure';
import { markBreathingActive } from '../../../src/app/activeBreathing';
import { SHORTCUT_EVENT, actionForKey, sessionOwnsKey } from '../../../src/domain/keyboardShortcuts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard shortcuts of the desktop panel', () => {
  afterEach(() => setShortcuts(false));

  it('lists the six shortcuts in the documented order', () => {
    expect(SHORTCUTS.map((s) => `${s.key} ${s.label}`)).toEqual([
      'Space play/pause',
      'F fullscreen',
      'M mute',
      'Esc exit',
      'P picture-in-picture',
      'R reset',
    ]);
  });

  it('maps keys to actions and ignores modified keys', () => {
    expect(actionForKey(key(' '))).toBe('toggle-play');
    expect(actionForKey(key('f'))).toBe('fullscreen');
    expect(actionForKey(key('M'))).toBe('mute');
    expect(actionForKey(key('Escape'))).toBe('exit');
    expect(actionForKey(key('p'))).toBe('pip');
    expect(actionForKey(key('r'))).toBe('reset');
    expect(actionForKey(key('r', { ctrlKey: true }))).toBeNull();
    expect(actionForKey(key('x'))).toBeNull();
  });

  it('is bound only while enabled, and never while typing in a field', () => {
    const seen: string[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<{ action: string }>).detail.action);
    window.addEventListener(SHORTCUT_EVENT, listener);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', bubbles: true }));
    expect(seen).toEqual([]);
    setShortcuts(true);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'm', bubbles: true }));
    expect(seen).toEqual(['mute']);
    const input = document.createElement('input');
    document.body.append(input);
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
    expect(seen).toEqual(['mute']);
    setShortcuts(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
    expect(seen).toEqual(['mute']);
    window.removeEventListener(SHORTCUT_EVENT, listener);
  });

  it('Space keeps its default (the page scrolls) unless a session runs; a session owns Space, M and F', () => {
    setShortcuts(true);
    const space = () => {
      const e = new KeyboardEvent('keydown', { key: ' ', bubbles: true, cancelable: true });
      document.body.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(space()).toBe(false);
    expect(sessionOwnsKey('toggle-play', false)).toBe(false);
    markBreathingActive(true);
    try {
      expect(sessionOwnsKey('toggle-play', true)).toBe(true);
      expect(sessionOwnsKey('mute', true)).toBe(true);
      expect(sessionOwnsKey('fullscreen', true)).toBe(true);
      expect(sessionOwnsKey('reset', true)).toBe(false);
      expect(sessionOwnsKey('exit', true)).toBe(false);
      // The panel notifies and leaves the key to the session screen's own listener.
      const seen: string[] = [];
      const listener = (e: Event) => seen.push((e as CustomEvent<{ action: string }>).detail.action);
      window.addEventListener(SHORTCUT_EVENT, listener);
      expect(space()).toBe(false);
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'r', bubbles: true }));
      expect(seen).toEqual(['toggle-play', 'reset']);
      window.removeEventListener(SHORTCUT_EVENT, listener);
    } finally {
      markBreathingActive(false);
    }
  });

  it('Esc leaves focus mode', () => {
    setShortcuts(true);
    setFocusMode(true);
    expect(document.documentElement.hasAttribute('data-focus-mode')).toBe(true);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(document.documentElement.hasAttribute('data-focus-mode')).toBe(false);
  });
});

describe('display toggles set what the CSS reads', () => {
  it('flips the data attributes on <html>', () => {
    const html = document.documentElement;
    setFocusMode(true);
    setBackgroundBlur(true);
    setSuppressNotifications(true);
    expect(
      ['data-focus-mode', 'data-background-blur', 'data-suppress-notifications'].every((a) =>
        html.hasAttribute(a),
      ),
    ).toBe(true);
    setFocusMode(false);
    setBackgroundBlur(false);
    setSuppressNotifications(false);
    expect(
      ['data-focus-mode', 'data-background-blur', 'data-suppress-notifications'].some((a) =>
        html.hasAttribute(a),
      ),
    ).toBe(false);
  });
});

describe('measurements', () => {
  it('recognises dedicated GPUs and rejects integrated or software renderers', () => {
    expect(
      isDedicatedGpu('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)'),
    ).toBe(true);
    expect(isDedicatedGpu('AMD Radeon RX 6800 XT')).toBe(true);
    expect(isDedicatedGpu('ANGLE (Intel, Intel(R) UHD Graphics 620, D3D11)')).toBe(false);
    expect(isDedicatedGpu('Google SwiftShader')).toBe(false);
    expect(isDedicatedGpu('Apple M2')).toBe(false);
    expect(isDedicatedGpu('AMD Radeon Graphics')).toBe(false);
    expect(isDedicatedGpu(undefined)).toBe(false);
  });

  it('reports an unreachable or failing server as null, never as a number', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await measureLatency(2)).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('no', { status: 503 }))),
    );
    expect(await measureLatency(2)).toBeNull();
    vi.unstubAllGlobals();
  });

  it('gives the median round trip of the successful tries', async () => {
    let t = 0;
    const durations = [30, 10, 20];
    vi.spyOn(performance, 'now').mockImplementation(() => t);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        t += durations.shift()!;
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
    expect(await measureLatency(3)).toBe(20);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
});
