/**
 * Where each page's prerendered HTML lives in the build folder (shared by the build step,
 * the server and the service worker; pure): `/` is index.html, `/patterns` patterns.html,
 * `/session/classic` session/classic.html. Paths without a page get the app shell.
 */
export const SHELL_FILE = 'shell.html';

/** The page file for a path (a trailing slash is ignored); no leading slash. */
export function pageFileFor(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? 'index.html' : `${trimmed.replace(/^\/+/, '')}.html`;
}
