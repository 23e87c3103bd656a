/**
 * The sharing prompts (spec § 4, AI sharing prompts; docs/product.md § Sharing and
 * community). The progress prompt after the 3rd session is ./shareMilestone. These three
 * show where their moment is, each until the person dismisses it (remembered on the
 * device): social at the first social action (opening Share or the community), the
 * pattern token on pattern creation or a marketplace visit (only when this build can
 * mint), the instructor prompt on the instructor call to action. Pure.
 */

const SHARING_PROMPT_KINDS = ['social', 'patternToken', 'instructor'] as const;
export type SharingPromptKind = (typeof SHARING_PROMPT_KINDS)[number];

interface SharingPromptText {
  title: string;
  text: string;
  action: { label: string; to: '/community' | '/creator-dashboard' | '/courses' };
}

export const SHARING_PROMPTS: Record<SharingPromptKind, SharingPromptText> = {
  social: {
    title: 'Practice with others',
    text: 'Posts are made from your own sessions and go out only when you press Share. Follow people, react and join a weekly challenge in the community.',
    action: { label: 'Visit the community', to: '/community' },
  },
  patternToken: {
    title: 'Make your pattern a token',
    text: 'A pattern you made can be minted as a token on Flow with your timings in it, from the Creator Hub once a Flow wallet is connected.',
    action: { label: 'Open the Creator Hub', to: '/creator-dashboard' },
  },
  instructor: {
    title: 'Teach what you practice',
    text: 'Instructors build courses from their own patterns and publish them for others to follow. See what others have published before you start.',
    action: { label: 'See published courses', to: '/courses' },
  },
};

/** Reads the stored list of dismissed prompts; anything unreadable counts as none. */
export function parseDismissedPrompts(raw: string | null): SharingPromptKind[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return SHARING_PROMPT_KINDS.filter((k) => value.includes(k));
  } catch {
    return [];
  }
}

export function showsSharingPrompt(
  kind: SharingPromptKind,
  facts: { dismissed: readonly SharingPromptKind[]; mintingAvailable: boolean },
): boolean {
  if (facts.dismissed.includes(kind)) return false;
  if (kind === 'patternToken' && !facts.mintingAvailable) return false;
  return true;
}
