/**
 * The progress prompt after the 3rd session (docs/product.md § Sharing and community):
 * the results of a person's third session invite them to share their progress.
 */
import type { StatSession } from '../stats';

export const SHARE_PROMPT_SESSION = 3;

/** True when `sessionId` is the third session of this history (by creation time). */
export function isShareMilestoneSession(
  history: readonly (StatSession & { id: string })[],
  sessionId: string,
): boolean {
  const oldestFirst = [...history]
    .filter((s) => Number.isFinite(Date.parse(s.createdAt)))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id.localeCompare(b.id));
  return oldestFirst[SHARE_PROMPT_SESSION - 1]?.id === sessionId;
}
