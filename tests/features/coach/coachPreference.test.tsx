// @vitest-environment happy-dom
/**
 * The coach choice as the coach screens read it (useCoachChoice, one of the person's
 * preferences in the local database). Does not prove: that it syncs to another device
 * (the preferences' sync tests do) nor which analysis each choice asks for.
 */
import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/data/db';
import { setCoachChoice, useCoachChoice } from '../../../src/features/coach/coachPreference';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

/** What a screen mounted now reads, once loaded. */
async function shownChoice() {
  const hook = renderHook(() => useCoachChoice());
  await waitFor(() => expect(hook.result.current).not.toBeUndefined());
  const choice = hook.result.current;
  hook.unmount();
  return choice;
}

describe('coach choice', () => {
  it('is automatic until the person chooses, and keeps a provider or on-device only', async () => {
    expect(await shownChoice()).toBe('auto');
    await setCoachChoice('anthropic');
    expect(await shownChoice()).toBe('anthropic');
    await setCoachChoice('device');
    expect(await shownChoice()).toBe('device');
  });

  it('reads anything else stored under its key as automatic', async () => {
    await setCoachChoice('not-a-provider' as never);
    expect(await shownChoice()).toBe('auto');
  });
});
