// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketplacePublishInput } from '../../../src/contracts/marketplace';
import type { Program, ProgramDefinition } from '../../../src/domain/programs/programTypes';
import { HttpError } from '../../../src/domain/errors/appErrors';

/**
 * One publish action for what a member made (src/features/marketplace/PublishAction): the
 * program's and the pattern's "Publish to marketplace" ask the same question in the same
 * words, differing only in what everyone will see; a refusal says the server's reason in a
 * toast and leaves the question open to try again; a success says so and closes it, and
 * focus comes back to the button that opened it.
 * The API modules, the sign-in state and the toasts are stand-ins here.
 * Does not prove: the server's answers (tests/server's marketplace tests do), the toasts as
 * drawn, or the on-demand loading of this code on /programs and /create
 * (e2e/program-marketplace.spec.ts and e2e/marketplace.spec.ts do).
 */
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('../../../src/ui/toast', () => ({ notify: toasts }));
let user: { id: string } | null = { id: 'u1' };
vi.mock('../../../src/app/auth/authStore', () => ({ useAuth: () => ({ user }), reloadRole: vi.fn() }));
const publishProgram = vi.fn<(id: string, p: ProgramDefinition) => Promise<unknown>>();
vi.mock('../../../src/backend/api/programMarketplaceApi', () => ({
  programMarketplaceApi: { publish: (id: string, p: ProgramDefinition) => publishProgram(id, p) },
}));
vi.mock('../../../src/backend/api/marketplaceApi', () => ({
  marketplaceApi: { publish: (_: MarketplacePublishInput) => Promise.reject(new Error('not asked')) },
  marketplaceKeys: { all: ['market'] },
}));
const { PublishProgramButton } = await import('../../../src/features/marketplace/PublishProgramButton');
const { PublishPatternButton } = await import('../../../src/features/marketplace/PublishPatternButton');

const PROGRAM: Program = {
  id: 'prog-1',
  builtIn: false,
  version: 1,
  name: 'Evening Ladder',
  description: 'Longer exhales, step by step.',
  category: 'calm',
  segments: [{ kind: 'rest', seconds: 30 }],
};
const PATTERN = {
  id: 'lib-1',
  name: 'Tide',
  description: '',
  inhale: 4,
  hold: 0,
  exhale: 6,
  hold_after_exhale: 0,
  category: 'stress' as const,
  difficulty: 'Beginner' as const,
  benefits: [],
};

beforeEach(() => {
  user = { id: 'u1' };
  publishProgram.mockReset();
  for (const t of Object.values(toasts)) t.mockReset();
});
afterEach(cleanup);

/** The question the action asks, with what it shows in place of `{shows}`. */
async function question(openWith: string, shows: string): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: openWith }));
  const dialog = await screen.findByRole('dialog');
  const text = (dialog.textContent ?? '').replace(shows, '{shows}');
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return text.replace(/Publish (Evening Ladder|Tide)\?/, 'Publish {name}?');
}

describe('one publish action for programs and patterns', () => {
  it('asks the same question in the same words, only what is shown differs', async () => {
    render(
      <>
        <PublishProgramButton program={PROGRAM} />
        <PublishPatternButton pattern={PATTERN} />
      </>,
    );
    const program = await question('Publish to marketplace: Evening Ladder', 'name, description, segments and safety note');
    const pattern = await question(
      'Publish to marketplace: Tide',
      'name, timings, description, category, difficulty and benefits',
    );
    expect(program).toBe(pattern);
    expect(program).toContain('You can unpublish it at any time.');
  });

  it('a refusal says why and leaves the question open; a success closes it and focus comes back', async () => {
    render(<PublishProgramButton program={PROGRAM} />);
    const opener = screen.getByRole('button', { name: 'Publish to marketplace: Evening Ladder' });
    opener.focus(); // as a click or a key press on it does in a browser
    fireEvent.click(opener);
    await screen.findByRole('dialog', { name: 'Publish Evening Ladder?' });

    publishProgram.mockRejectedValueOnce(new HttpError(400, 'segments: a program needs at least one breathing segment'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Evening Ladder was not published', {
        description: 'segments: a program needs at least one breathing segment',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Publish Evening Ladder?' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' }).hasAttribute('disabled')).toBe(false));

    publishProgram.mockResolvedValueOnce({ program: { program: { name: 'Evening Ladder' } }, role: 'creator' });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith('Evening Ladder is published in the marketplace');
    expect(publishProgram).toHaveBeenLastCalledWith('prog-1', expect.objectContaining({ name: 'Evening Ladder', segments: PROGRAM.segments }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('nothing for a guest, nothing for a built-in program', () => {
    render(<PublishProgramButton program={{ ...PROGRAM, builtIn: true }} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    cleanup();
    user = null;
    render(
      <>
        <PublishProgramButton program={PROGRAM} />
        <PublishPatternButton pattern={PATTERN} />
      </>,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
