import { HttpError, NetworkError, TimeoutError } from '../../domain/errors/appErrors';
import { ERROR_TEXT } from '../../domain/errors/messages';
import { intentUrl, platformById, type PlatformId } from '../../domain/share/platforms';
import type { SharedPattern, SharedSession } from '../../domain/share/sharedPattern';

/**
 * One press of Share (docs/product.md § Sharing and community): every chosen platform gets
 * a real share, and each outcome says exactly what happened. Everything that needs the
 * click itself starts before the first wait: the copy for link-only platforms, the share
 * sheet, then the share pages (a browser lets one new window through per click; the rest
 * become links to open). The community post goes last.
 */

export type ShareOutcome =
  | { platform: PlatformId; status: 'posted'; postId: string }
  | { platform: PlatformId; status: 'shared' | 'cancelled' }
  | { platform: PlatformId; status: 'opened' | 'blocked'; href: string; copied: boolean }
  | { platform: PlatformId; status: 'failed'; message: string };

export interface ShareJob {
  text: string;
  platforms: readonly PlatformId[];
  /** The link the share pages carry (the app). */
  link: string;
  /** The progress card, for the share sheet where it takes files. */
  card?: File;
  /** What the community post carries; its id makes a resend harmless. */
  post: { id: string; pattern: SharedPattern; session?: SharedSession };
}

export interface ShareDeps {
  open(url: string): Window | null;
  webShare?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  copy(text: string): Promise<boolean>;
  postToCommunity(input: { id: string; content: string; pattern: SharedPattern; session?: SharedSession }): Promise<{ id: string }>;
}

/** Why the community post failed, in words. */
function shareFailure(error: unknown): string {
  if (error instanceof HttpError) return `${ERROR_TEXT.shareFailed}: ${error.message}`;
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return `${ERROR_TEXT.shareFailed}: the server could not be reached. Check your connection and try again.`;
  }
  if (error instanceof Error && error.message === ERROR_TEXT.notAuthenticated) {
    return `${ERROR_TEXT.shareFailed}: ${ERROR_TEXT.notAuthenticated}. Sign in again.`;
  }
  return ERROR_TEXT.shareFailed;
}

function startSheet(job: ShareJob, deps: ShareDeps): Promise<ShareOutcome> {
  const platform: PlatformId = 'device';
  if (!deps.webShare) return Promise.resolve({ platform, status: 'failed', message: 'This browser has no share sheet.' });
  const withCard: ShareData = { text: job.text, url: job.link, ...(job.card ? { files: [job.card] } : {}) };
  const data = job.card && deps.canShare?.(withCard) ? withCard : { text: job.text, url: job.link };
  return deps.webShare(data).then(
    (): ShareOutcome => ({ platform, status: 'shared' }),
    (e: unknown): ShareOutcome =>
      e instanceof DOMException && e.name === 'AbortError'
        ? { platform, status: 'cancelled' }
        : { platform, status: 'failed', message: `The share sheet did not open: ${e instanceof Error ? e.message : String(e)}` },
  );
}

export async function runShare(job: ShareJob, deps: ShareDeps): Promise<ShareOutcome[]> {
  const chosen = job.platforms.map((id) => platformById(id)).filter((p) => p !== undefined);
  const intents = chosen.filter((p) => p.kind === 'intent');
  const copying = intents.some((p) => !p.takesText) ? deps.copy(job.text).catch(() => false) : Promise.resolve(false);
  const sheet = chosen.some((p) => p.kind === 'sheet') ? startSheet(job, deps) : undefined;
  const opened = intents.map((p) => {
    const href = intentUrl(p.id, job.text, job.link)!;
    return { platform: p, href, window: deps.open(href) };
  });
  const copied = await copying;
  const outcomes: ShareOutcome[] = [];
  if (sheet) outcomes.push(await sheet);
  for (const o of opened) {
    outcomes.push({
      platform: o.platform.id,
      status: o.window ? 'opened' : 'blocked',
      href: o.href,
      copied: !o.platform.takesText && copied,
    });
  }
  if (chosen.some((p) => p.kind === 'server')) {
    try {
      const post = await deps.postToCommunity({ id: job.post.id, content: job.text, pattern: job.post.pattern, session: job.post.session });
      outcomes.push({ platform: 'community', status: 'posted', postId: post.id });
    } catch (error) {
      console.warn('[share]', error);
      outcomes.push({ platform: 'community', status: 'failed', message: shareFailure(error) });
    }
  }
  return outcomes;
}

/** The browser's real share functions. */
export function browserShareDeps(postToCommunity: ShareDeps['postToCommunity']): ShareDeps {
  const nav = navigator as Navigator & { share?: Navigator['share']; canShare?: Navigator['canShare'] };
  return {
    open: (url) => {
      const w = window.open(url, '_blank');
      if (w) w.opener = null; // the share page cannot reach back into the app
      return w;
    },
    webShare: typeof nav.share === 'function' ? (data) => nav.share!(data) : undefined,
    canShare: typeof nav.canShare === 'function' ? (data) => nav.canShare!(data) : undefined,
    copy: copyText,
    postToCommunity,
  };
}

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
