import { describe, expect, it } from 'vitest';
import { pageFileFor, SHELL_FILE } from '../../src/contracts/pages';

describe('pageFileFor', () => {
  it('maps the home page to index.html and other paths to <path>.html', () => {
    expect(pageFileFor('/')).toBe('index.html');
    expect(pageFileFor('/patterns')).toBe('patterns.html');
    expect(pageFileFor('/session/classic')).toBe('session/classic.html');
  });

  it('ignores a trailing slash', () => {
    expect(pageFileFor('/patterns/')).toBe('patterns.html');
    expect(pageFileFor('//')).toBe('index.html');
  });

  it('names the app shell apart from every page', () => {
    expect(SHELL_FILE).toBe('shell.html');
  });
});
