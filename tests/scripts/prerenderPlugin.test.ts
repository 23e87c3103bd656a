import { describe, expect, it } from 'vitest';
import { prePaintScript } from '../../src/domain/prePaintScript';
import {
  addPrePaint,
  EARLY_CLICKS_KEY,
  entrySrc,
  fillRoot,
  HELD_FIELD_ATTR,
  holdFields,
  loadEntryAfterPaint,
} from '../../scripts/prerender/prerenderPlugin';
import { afterPaintLoader } from '../../src/contracts/afterPaintLoader';

const TEMPLATE = '<body><div id="root"></div><script type="module" src="/a.js"></script></body>';

describe('fillRoot', () => {
  it('puts the page into the empty root and names its path', () => {
    expect(fillRoot(TEMPLATE, '/patterns', '<h1>Hi</h1>')).toBe(
      '<body><div id="root" data-prerendered="/patterns"><h1>Hi</h1></div><script type="module" src="/a.js"></script></body>',
    );
  });

  it('keeps $ sequences in the HTML as they are', () => {
    expect(fillRoot(TEMPLATE, '/', '<p>$& $1</p>')).toContain('<p>$& $1</p>');
  });

  it('escapes the path in the attribute', () => {
    expect(fillRoot(TEMPLATE, '/a"b&c', '')).toContain('data-prerendered="/a&quot;b&amp;c"');
  });

  it('fails loudly when index.html has no empty root', () => {
    expect(() => fillRoot('<body></body>', '/', '')).toThrow(/no <div id="root"><\/div>/);
  });
});

describe('loading the entry after the first paint', () => {
  const html = '<head><script type="module" crossorigin src="/assets/index-A1.js"></script></head>';

  it('finds the entry and replaces it with the inline loader, which names it', () => {
    expect(entrySrc(html)).toBe('/assets/index-A1.js');
    expect(loadEntryAfterPaint(html)).toBe(
      `<head><script data-entry="/assets/index-A1.js">${afterPaintLoader()}</script></head>`,
    );
    expect(loadEntryAfterPaint(html, ['/assets/localData-B2.js', '/assets/x-C3.js'])).toBe(
      `<head><script data-entry="/assets/index-A1.js" data-alongside="/assets/localData-B2.js /assets/x-C3.js">${afterPaintLoader()}</script></head>`,
    );
  });

  it('is the same text in every build, so one CSP hash allows it', () => {
    expect(afterPaintLoader()).toBe(afterPaintLoader());
    expect(afterPaintLoader()).not.toMatch(/\/assets\//);
  });

  /**
   * Runs the loader, as the built page holds it, against fakes of the browser: timers and
   * frames are queued, and the paint observer (unless `noPaintTiming`) is handed to the test
   * to report paints with. What it does not prove: that a real browser reports the paint
   * (the prerender and first-visit journeys load the app in Chromium).
   */
  function runLoader(
    alongside: string[] = [],
    {
      noPaintTiming = false,
      hidden = false,
      entryTypes = ['paint', 'navigation'] as string[] | undefined,
      manifest = false,
    } = {},
  ) {
    const page = loadEntryAfterPaint(
      manifest
        ? `<head>${html.slice(6, -7)}<link rel="manifest" href="/manifest.webmanifest"></head>`
        : html,
      alongside,
    );
    const tag = /<script([^>]*)>(.*)<\/script>/.exec(page)!;
    const attrs = Object.fromEntries(
      [...tag[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    const appended: Record<string, string>[] = [];
    const frames: (() => void)[] = [];
    const timers: { f: () => void; ms: number }[] = [];
    let observer: { report: (names: string[]) => void; disconnected: boolean } | null = null;
    const document = {
      currentScript: { getAttribute: (name: string) => attrs[name] ?? null },
      visibilityState: hidden ? 'hidden' : 'visible',
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: Record<string, string>) => appended.push(el) },
      addEventListener: () => {},
    };
    class FakeObserver {
      static supportedEntryTypes = entryTypes;
      constructor(callback: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {
        if (noPaintTiming) throw new TypeError('PerformanceObserver is not defined');
        observer = {
          report: (names) => callback({ getEntriesByName: (n) => names.filter((x) => x === n) }),
          disconnected: false,
        };
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
      disconnect() {
        observer!.disconnected = true;
      }
    }
    const run = new Function(
      'document',
      'window',
      'requestAnimationFrame',
      'setTimeout',
      'PerformanceObserver',
      tag[2]!,
    );
    run(
      document,
      {},
      (f: () => void) => frames.push(f),
      (f: () => void, ms = 0) => timers.push({ f, ms }),
      FakeObserver,
    );
    const runTimers = (upTo: number) => {
      for (const t of timers.filter((x) => x.ms <= upTo)) {
        timers.splice(timers.indexOf(t), 1);
        t.f();
      }
    };
    return {
      appended,
      frames,
      runTimers,
      paint: (names: string[]) => observer!.report(names),
      observer: () => observer,
    };
  }

  it('loads the module once the first contentful paint has happened, once', () => {
    const page = runLoader();
    page.runTimers(0);
    expect(page.appended).toEqual([]); // nothing before the paint
    page.paint(['first-paint']);
    page.runTimers(0);
    expect(page.appended).toEqual([]); // a paint with no content is not enough
    page.paint(['first-contentful-paint']);
    expect(page.observer()!.disconnected).toBe(true);
    page.runTimers(0);
    expect(page.appended.map((el) => el.src)).toEqual(['/assets/index-A1.js']);
    page.runTimers(3000); // the fallback finds it loaded already
    expect(page.appended).toHaveLength(1);
  });

  it('loads the module after 1 s in a hidden page, which paints nothing (a background tab)', () => {
    const page = runLoader([], { hidden: true });
    page.runTimers(999);
    expect(page.appended).toEqual([]);
    page.runTimers(1000);
    expect(page.appended).toEqual([
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-A1.js' },
    ]);
  });

  it('waits up to 3 s for the paint of a visible page (a loaded device), then loads all the same', () => {
    const page = runLoader();
    page.runTimers(2999);
    expect(page.appended).toEqual([]);
    page.runTimers(3000);
    expect(page.appended.map((el) => el.src)).toEqual(['/assets/index-A1.js']);
  });

  it('without paint timing, loads the module after the next frame', () => {
    for (const page of [
      runLoader([], { noPaintTiming: true }),
      runLoader([], { entryTypes: ['navigation'] }),
    ]) {
      expect(page.frames).toHaveLength(1);
      page.frames.shift()!();
      page.runTimers(0);
      expect(page.appended.map((el) => el.src)).toEqual(['/assets/index-A1.js']);
    }
  });

  it('fetches the chunks the app imports at once together with the entry, after paint', () => {
    const page = runLoader(['/assets/localData-B2.js']);
    page.paint(['first-contentful-paint']);
    page.runTimers(0);
    expect(page.appended).toEqual([
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-A1.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/localData-B2.js' },
    ]);
  });

  it('moves the manifest link onto the loader, which adds it back with the entry', () => {
    const withManifest = `<head>${html.slice(6, -7)}<link rel="manifest" href="/manifest.webmanifest"></head>`;
    const page = loadEntryAfterPaint(withManifest);
    expect(page).not.toContain('rel="manifest"');
    expect(page).toContain('data-manifest="/manifest.webmanifest"');
    const run = runLoader([], { manifest: true });
    run.runTimers(0);
    expect(run.appended).toEqual([]); // not before the paint
    run.paint(['first-contentful-paint']);
    run.runTimers(0);
    expect(run.appended).toEqual([
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-A1.js' },
      { tag: 'link', rel: 'manifest', href: '/manifest.webmanifest' },
    ]);
  });

  it('finds no entry in a page without one', () => {
    expect(entrySrc('<head></head>')).toBeNull();
  });
});

describe('early button presses', () => {
  it('are held by the loader until the app takes them', () => {
    const loader = afterPaintLoader();
    expect(loader).toContain(
      `window.${EARLY_CLICKS_KEY}=function(){document.removeEventListener('click',c,true);return q}`,
    );
    expect(loader).toContain("t.closest('button')");
  });
});

describe('holdFields', () => {
  it('makes text fields read-only and choices disabled until hydration, marked for release', () => {
    const html =
      '<input id="e" type="email" value=""/><textarea name="t"></textarea><select id="s"><option>a</option></select>' +
      '<input type="checkbox"/><input type="hidden" value="x"/><input readonly="" value="fixed"/><button type="submit">Go</button>';
    const held = holdFields(html);
    expect(held).toContain(
      `<input id="e" type="email" value="" readonly="" ${HELD_FIELD_ATTR}="readonly"/>`,
    );
    expect(held).toContain(`<textarea name="t" readonly="" ${HELD_FIELD_ATTR}="readonly">`);
    expect(held).toContain(`<select id="s" disabled="" ${HELD_FIELD_ATTR}="disabled">`);
    expect(held).toContain(`<input type="checkbox" disabled="" ${HELD_FIELD_ATTR}="disabled"/>`);
    expect(held).toContain('<input type="hidden" value="x"/>');
    expect(held).toContain('<input readonly="" value="fixed"/>');
    expect(held).toContain('<button type="submit">Go</button>');
  });
});

describe('the pre-paint script', () => {
  it('goes into the head of every prerendered page, before the first paint', () => {
    const page = addPrePaint('<html><head><title>x</title></head><body></body></html>');
    expect(page).toBe(
      `<html><head><title>x</title><script>${prePaintScript()}</script></head><body></body></html>`,
    );
  });
});
