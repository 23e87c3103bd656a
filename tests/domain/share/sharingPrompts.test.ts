/**
 * The sharing prompts' rule (spec § 4): each shows until dismissed; the pattern-token
 * prompt only where the build can mint. Does not prove where the screens mount them
 * (e2e/sharing-prompts.spec.ts covers the instructor and social ones).
 */
import { describe, expect, it } from 'vitest';
import {
  SHARING_PROMPTS,
  parseDismissedPrompts,
  showsSharingPrompt,
} from '../../../src/domain/share/sharingPrompts';

describe('sharing prompts', () => {
  it('show until dismissed, and the token prompt only when minting is available', () => {
    expect(showsSharingPrompt('social', { dismissed: [], mintingAvailable: false })).toBe(true);
    expect(showsSharingPrompt('social', { dismissed: ['social'], mintingAvailable: true })).toBe(false);
    expect(showsSharingPrompt('patternToken', { dismissed: [], mintingAvailable: false })).toBe(false);
    expect(showsSharingPrompt('patternToken', { dismissed: [], mintingAvailable: true })).toBe(true);
    expect(showsSharingPrompt('instructor', { dismissed: ['social'], mintingAvailable: false })).toBe(true);
  });

  it('reads the stored dismissals defensively', () => {
    expect(parseDismissedPrompts(null)).toEqual([]);
    expect(parseDismissedPrompts('not json')).toEqual([]);
    expect(parseDismissedPrompts('{"social":true}')).toEqual([]);
    expect(parseDismissedPrompts('["instructor","nonsense","social"]')).toEqual(['social', 'instructor']);
  });

  it('each prompt leads somewhere real', () => {
    expect(Object.values(SHARING_PROMPTS).map((p) => p.action.to)).toEqual([
      '/community',
      '/creator-dashboard',
      '/courses',
    ]);
  });
});
