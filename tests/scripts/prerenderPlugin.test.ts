import { describe, expect, it } from 'vitest';
import { fillRoot } from '../../scripts/prerender/prerenderPlugin';

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
