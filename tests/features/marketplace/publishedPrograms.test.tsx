// @vitest-environment happy-dom
/**
 * The marketplace's Programs section (docs/product.md § Programs): a published program is
 * listed with its creator and length, and "Open" leads to its `/p/` link, which decodes to
 * the very program (through the link format's own decoder); a refusal says why.
 *
 * Not proved here: the server's answers (tests/server/marketplace/programsSuite.ts) nor playing
 * it in a browser (e2e/program-marketplace.spec.ts).
 */
import 'fake-indexeddb/auto';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/domain/errors/appErrors';
import { decodeLink } from '../../../src/domain/links/patternLink';
import type { MarketProgramPage } from '../../../src/domain/marketplace/programListing';
import { getBuiltInProgram } from '../../../src/domain/programs/builtInPrograms';

const list = vi.fn<(q: string, page: number, asUser: boolean) => Promise<MarketProgramPage>>();
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, params, children, ...rest }: { to: string; params?: Record<string, string>; children: React.ReactNode; 'aria-label'?: string }) => (
    <a href={to.replace('$payload', params?.payload ?? '')} aria-label={rest['aria-label']}>
      {children}
    </a>
  ),
}));
vi.mock('../../../src/backend/api/programMarketplaceApi', () => ({
  programMarketplaceApi: { list: (q: string, page: number, asUser: boolean) => list(q, page, asUser) },
}));
const { PublishedPrograms } = await import('../../../src/features/marketplace/PublishedPrograms');

const { id: _id, builtIn: _b, ...rising } = getBuiltInProgram('box-rising')!;
const item = {
  id: '7f0c7c53-0d5e-4d0b-8d3c-1c3f0a3f9a11',
  program: { ...rising, name: 'Rising Harbour' },
  plannedSeconds: 372,
  creator: { id: 'u1', name: 'Ada Program' },
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
  mine: false,
  unpublished: false,
};

afterEach(() => {
  cleanup();
  list.mockReset();
});

describe('the Programs section of the marketplace', () => {
  it('lists a published program; Open is its /p/ link carrying that program', async () => {
    list.mockResolvedValue({ items: [item], total: 1, page: 1, pageSize: 12 });
    render(<PublishedPrograms q="harbour" />);
    const card = await screen.findByRole('article', { name: 'Rising Harbour' });
    expect(list).toHaveBeenCalledWith('harbour', 1, false);
    expect(card.textContent).toContain('by Ada Program');
    expect(card.textContent).toContain('1 segment');
    const open = within(card).getByRole('link', { name: 'Open Rising Harbour' });
    const href = open.getAttribute('href')!;
    expect(href.startsWith('/p/')).toBe(true);
    const decoded = decodeLink(href.slice(3));
    expect(decoded.ok && decoded.content.kind === 'program' && decoded.content.program).toEqual(item.program);
    expect(within(card).queryByRole('button', { name: /Unpublish/ })).toBeNull();
  });

  it('a refusal shows the server’s message with Try again', async () => {
    list.mockRejectedValue(new HttpError(400, 'page: page can be at most 1000'));
    render(<PublishedPrograms q="" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page can be at most 1000');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
