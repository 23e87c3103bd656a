import { describe, expect, it } from 'vitest';
import { afterPaintLoader, EARLY_CLICKS_KEY, entrySrc, fillRoot, HELD_FIELD_ATTR, holdFields, loadEntryAfterPaint } from '../../scripts/prerender/prerenderPlugin';

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

  it('finds the entry and replaces it with the deferred loader', () => {
    expect(entrySrc(html)).toBe('/assets/index-A1.js');
    expect(loadEntryAfterPaint(html, '/assets/after-paint-x.js')).toBe('<head><script defer src="/assets/after-paint-x.js"></script></head>');
  });

  it('loads the module after the next frame, or after 100 ms without frames, once', () => {
    const loader = afterPaintLoader('/assets/index-A1.js');
    expect(loader).toContain('s.src="/assets/index-A1.js"');
    expect(loader).toContain("s.type='module'");
    expect(loader).toContain('requestAnimationFrame(function(){setTimeout(go)})');
    expect(loader).toContain('setTimeout(go,100)');
    expect(loader).toContain('if(d)return;d=1;');
  });

  it('fetches the chunks the app imports at once together with the entry, after paint', () => {
    const appended: Record<string, string>[] = [];
    const timers: (() => void)[] = [];
    const document = {
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (el: Record<string, string>) => appended.push(el) },
      addEventListener: () => {},
    };
    const run = new Function('document', 'window', 'requestAnimationFrame', 'setTimeout', afterPaintLoader('/assets/index-A1.js', ['/assets/localData-B2.js']));
    run(document, {}, (f: () => void) => timers.push(f), (f: () => void) => timers.push(f));
    expect(appended).toEqual([]); // nothing before the first frame
    while (timers.length) timers.shift()!();
    expect(appended).toEqual([
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-A1.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/localData-B2.js' },
    ]);
  });

  it('finds no entry in a page without one', () => {
    expect(entrySrc('<head></head>')).toBeNull();
  });
});

describe('early button presses', () => {
  it('are held by the loader until the app takes them', () => {
    const loader = afterPaintLoader('/assets/index-A1.js');
    expect(loader).toContain(`window.${EARLY_CLICKS_KEY}=function(){document.removeEventListener('click',c,true);return q}`);
    expect(loader).toContain("t.closest('button')");
  });
});

describe('holdFields', () => {
  it('makes text fields read-only and choices disabled until hydration, marked for release', () => {
    const html =
      '<input id="e" type="email" value=""/><textarea name="t"></textarea><select id="s"><option>a</option></select>' +
      '<input type="checkbox"/><input type="hidden" value="x"/><input readonly="" value="fixed"/><button type="submit">Go</button>';
    const held = holdFields(html);
    expect(held).toContain(`<input id="e" type="email" value="" readonly="" ${HELD_FIELD_ATTR}="readonly"/>`);
    expect(held).toContain(`<textarea name="t" readonly="" ${HELD_FIELD_ATTR}="readonly">`);
    expect(held).toContain(`<select id="s" disabled="" ${HELD_FIELD_ATTR}="disabled">`);
    expect(held).toContain(`<input type="checkbox" disabled="" ${HELD_FIELD_ATTR}="disabled"/>`);
    expect(held).toContain('<input type="hidden" value="x"/>');
    expect(held).toContain('<input readonly="" value="fixed"/>');
    expect(held).toContain('<button type="submit">Go</button>');
  });
});
