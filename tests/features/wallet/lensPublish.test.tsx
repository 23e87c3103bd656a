// @vitest-environment happy-dom
/**
 * The composer's 'Also publish to Lens' and what one press of Share then says, with the
 * real Lens runtime: the Lens API is the one the server names at /api/wallet/lens, and that
 * API is the in-process fake Lens API v3 (tests/wallet/lens/fakeLens.ts, serving the schema
 * Lens publishes) behind a local HTTP server. The toasts are recorded instead of drawn: the
 * pending state ('Sent to Lens: waiting for it to be indexed') comes before the post id, a
 * transaction Lens hands back is sent by the wallet (an ethers key here), and a post not
 * indexed in time records nothing. What this does not prove: the live Lens API or a chain.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Wallet } from 'ethers';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AuthStore from '../../../src/app/auth/authStore';
import { LENS_TEXT } from '../../../src/domain/wallet/lensText';
import type { LensTransaction } from '../../../src/wallet/lens/lensClient';
import { createFakeLens } from '../../wallet/lens/fakeLens';
import { createPretendChain } from '../../wallet/lens/pretendChain';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('../../../src/ui/toast', () => ({ notify: toasts }));
// A member is signed in to the app (a Lens sign-in belongs to that account); a test may switch.
const appUser = vi.hoisted(() => ({ id: 'member-1' }));
vi.mock('../../../src/app/auth/authStore', async (importOriginal) => ({
  ...(await importOriginal<typeof AuthStore>()),
  getAuthState: () => ({ user: { id: appUser.id } }),
  subscribeAuth: () => () => {},
}));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, hash, children }: { to: string; hash?: string; children: ReactNode }) => (
    <a href={`${to}${hash ? `#${hash}` : ''}`}>{children}</a>
  ),
}));

const chain = createPretendChain();
const fake = createFakeLens({ readTransaction: chain.readTransaction });
let server: Server;
let lensConfigured = true;

beforeAll(async () => {
  server = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type, authorization, accept',
      'content-type': 'application/json',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (req.url === '/api/wallet/lens') {
      const apiUrl = lensConfigured ? `${base}/graphql` : null;
      const body = { apiUrl, postUrl: apiUrl ? 'https://lens.example/posts/{id}' : null };
      return void res.writeHead(200, cors).end(JSON.stringify(body));
    }
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      void fake.answer(raw, req.headers.authorization).then((r) => {
        res.writeHead(200, cors).end(JSON.stringify(r));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  sessionStorage.clear(); // each test is a new tab
  fake.answers.post = 'relay';
  fake.indexing.hold = false;
  appUser.id = 'member-1';
  cleanup();
  vi.clearAllMocks();
});

/** A fresh copy of the wallet feature's Lens modules (the Lens setup is read once per page). */
async function freshLens() {
  vi.resetModules();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = await import('../../../src/backend/config');
  config.setConfigForTests({ supabaseUrl: base, supabaseAnonKey: 'anon', apiUrl: base });
  const runtime = await import('../../../src/features/wallet/lensRuntime');
  const action = await import('../../../src/features/wallet/lensPublishAction');
  const option = await import('../../../src/features/wallet/LensPublishOption');
  return { runtime, action, Option: option.default };
}

async function signIn(runtime: Awaited<ReturnType<typeof freshLens>>['runtime']) {
  const setup = await runtime.loadLens();
  const wallet = Wallet.createRandom();
  const address = fake.addAccount({ owner: wallet.address, username: 'calm' });
  const [choice] = await setup!.client.accountsAvailable(wallet.address);
  await setup!.client.login(wallet.address, choice!, (text) => wallet.signMessage(text));
  const account = await setup!.client.account(address);
  act(() => runtime.setLensSession({ signedIn: true, account }));
  return { wallet, address };
}

const newest = () => fake.published.at(-1)!;

/** Publishing ends with this result and this info toast, and the fake got no post. */
async function expectNothingSent(run: () => Promise<unknown>, result: unknown, toast: string) {
  const before = fake.published.length;
  expect(await run()).toEqual(result);
  expect(toasts.info).toHaveBeenCalledWith(toast);
  expect(fake.published.length).toBe(before);
}

const saved = { id: '0b6f3c1e-8f4a-4a57-9c1e-2d3f4a5b6c7d', content: 'Ten calm minutes.' };

describe("the composer's Lens option", () => {
  it('is not shown where no Lens API is configured', async () => {
    lensConfigured = false;
    const { Option } = await freshLens();
    const { container } = render(<Option checked={false} onCheckedChange={() => undefined} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
    lensConfigured = true;
  });

  it('without a Lens sign-in: a pointer to the Lens card on the profile, no checkbox', async () => {
    const { Option } = await freshLens();
    render(<Option checked={false} onCheckedChange={() => undefined} />);
    const link = await screen.findByRole('link', { name: 'sign in to Lens on your profile' });
    expect(link.getAttribute('href')).toBe('/profile#lens-account');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('signed in: a labelled checkbox naming the account; unticked when the session ends', async () => {
    const { runtime, Option } = await freshLens();
    await signIn(runtime);
    const onChange = vi.fn();
    const { rerender } = render(<Option checked={false} onCheckedChange={onChange} />);
    const box = await screen.findByRole('checkbox', { name: 'Also publish to Lens' });
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/posted to your Lens account Calm Breather\./)).toBeTruthy();
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    rerender(<Option checked onCheckedChange={onChange} />);
    act(() => runtime.setLensSession({ signedIn: false, account: null }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(false));
    expect(await screen.findByRole('link', { name: /sign in to Lens/ })).toBeTruthy();
  });

  it('signed in with a wallet that has no Lens account: says so, no checkbox', async () => {
    const { runtime, Option } = await freshLens();
    act(() => runtime.setLensSession({ signedIn: true, account: null }));
    render(<Option checked={false} onCheckedChange={() => undefined} />);
    expect(await screen.findByText(/This wallet has no Lens account/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('after Share with the option ticked', () => {
  it('says it is pending while Lens indexes, then the Lens post id and a link', async () => {
    const { runtime, action } = await freshLens();
    const { address } = await signIn(runtime);
    const record = vi.fn(() => Promise.resolve());
    const result = await action.publishAfterShare({ saved, online: true }, { record });
    const id = newest().id!;
    expect(result).toMatchObject({ status: 'published', id });
    expect(newest().by).toBe(address);
    expect(toasts.info).toHaveBeenCalledWith(LENS_TEXT.pending, {
      description: `Transaction ${newest().hash}`,
      duration: Infinity,
    });
    expect(toasts.info.mock.invocationCallOrder[0]).toBeLessThan(
      toasts.success.mock.invocationCallOrder[0]!,
    );
    expect(record).toHaveBeenCalledWith(saved.id, id);
    expect(toasts.success).toHaveBeenCalledWith('Also published to Lens', {
      description: `Lens post ${id}.`,
      action: { label: 'View on Lens', onClick: expect.any(Function) as unknown },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const shown = toasts.success.mock.calls[0]![1] as { action: { onClick: () => void } };
    shown.action.onClick();
    expect(open).toHaveBeenCalledWith(`https://lens.example/posts/${id}`, '_blank', 'noopener');
  });

  it('a transaction Lens hands back is sent by the wallet, then the post id is recorded', async () => {
    const { runtime, action } = await freshLens();
    const { wallet } = await signIn(runtime);
    fake.answers.post = 'selfFunded';
    const record = vi.fn(() => Promise.resolve());
    const sendTransaction = vi.fn((tx: LensTransaction) => chain.send(wallet, tx));
    const result = await action.publishAfterShare(
      { saved, online: true },
      { record, sendTransaction },
    );
    expect(sendTransaction).toHaveBeenCalledTimes(1);
    expect(toasts.info).toHaveBeenCalledWith(LENS_TEXT.signInWallet);
    expect(result).toMatchObject({ status: 'published', id: newest().id });
    expect(record).toHaveBeenCalledWith(saved.id, newest().id);
  });

  it('not indexed in time: says so with the transaction, records nothing, offers no Retry', async () => {
    const { runtime, action } = await freshLens();
    await signIn(runtime);
    fake.indexing.hold = true;
    const record = vi.fn(() => Promise.resolve());
    const result = await action.publishAfterShare(
      { saved, online: true },
      { record, indexing: { pollMs: 1, timeoutMs: 5 } },
    );
    expect(result).toEqual({ status: 'pending', txHash: newest().hash });
    expect(record).not.toHaveBeenCalled();
    expect(toasts.info).toHaveBeenLastCalledWith(LENS_TEXT.notIndexedYet, {
      description: `Transaction ${newest().hash}`,
    });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('published but not recorded with the community post: the toast says so', async () => {
    const { runtime, action } = await freshLens();
    await signIn(runtime);
    const record = () => Promise.reject(new Error('permission denied'));
    const result = await action.publishAfterShare({ saved, online: true }, { record });
    expect(result?.status).toBe('published');
    const [, options] = toasts.success.mock.calls[0] as [string, { description: string }];
    expect(options.description).toMatch(
      /^Lens post \d+\. The community post does not show its Lens link yet: it could not be saved: permission denied\.$/,
    );
  });

  it('offline: says Lens needs a connection and sends nothing', async () => {
    const { runtime, action } = await freshLens();
    await signIn(runtime);
    await expectNothingSent(
      () => action.publishAfterShare({ saved: null, online: false }),
      { status: 'offline' },
      'Publishing to Lens needs a connection: your post was not sent to Lens.',
    );
  });

  it('when the community post was not saved, nothing goes to Lens and it says why', async () => {
    const { runtime, action } = await freshLens();
    await signIn(runtime);
    await expectNothingSent(
      () => action.publishAfterShare({ saved: null, online: true }),
      null,
      'Not published to Lens: the community post was not saved, so there was nothing to publish.',
    );
  });

  it('a refusal says why and offers Retry, which publishes', async () => {
    const { runtime, action } = await freshLens();
    await signIn(runtime);
    const before = fake.published.length;
    fake.faults.post = 'Rate limited';
    const record = vi.fn(() => Promise.resolve());
    expect(await action.publishAfterShare({ saved, online: true }, { record })).toEqual({
      status: 'failed',
      message: 'Not published to Lens: Rate limited',
    });
    expect(record).not.toHaveBeenCalled();
    const [message, options] = toasts.error.mock.calls[0] as [
      string,
      { action: { label: string; onClick: () => void } },
    ];
    expect(message).toBe('Not published to Lens: Rate limited');
    expect(options.action.label).toBe('Retry');
    options.action.onClick();
    await waitFor(() => expect(fake.published.length).toBe(before + 1));
    await waitFor(() => expect(record).toHaveBeenCalledWith(saved.id, newest().id));
  });

  it('signed out of Lens meanwhile: tells the user to sign in, sends nothing', async () => {
    const { action } = await freshLens();
    const before = fake.published.length;
    expect(await action.publishAfterShare({ saved, online: true })).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith(
      'Not published to Lens: sign in to Lens on your profile first.',
    );
    expect(fake.published.length).toBe(before);
  });
});

describe('the Lens sign-in', () => {
  it('lasts across pages of the tab for the app account that made it, not for another, until Disconnect', async () => {
    const first = await freshLens();
    const { address } = await signIn(first.runtime);
    // The access token expires; publishing renews it, and the tab keeps the renewed tokens
    // (the old refresh token was single-use, so the next page could not renew with it).
    fake.expireSessions();
    expect(
      await first.action.publishAfterShare(
        { saved, online: true },
        { record: () => Promise.resolve() },
      ),
    ).toMatchObject({ status: 'published' });
    // The next page of this tab: the modules start afresh, the tab's storage stays.
    const next = await freshLens();
    const setup = await next.runtime.loadLens();
    expect(next.runtime.getLensSession()).toMatchObject({ signedIn: true });
    expect(setup!.client.isAuthenticated()).toBe(true);
    const before = fake.published.length;
    const result = await next.action.publishAfterShare(
      { saved, online: true },
      { record: () => Promise.resolve() },
    );
    expect(fake.published.length).toBe(before + 1);
    expect(result).toMatchObject({ status: 'published', id: newest().id });
    expect(newest().by).toBe(address);
    // Another app account signed in in this tab does not get it.
    appUser.id = 'member-2';
    expect(next.runtime.getLensSession().signedIn).toBe(false);
    appUser.id = 'member-1';
    // Disconnect ends it for the next pages too.
    act(() => next.runtime.setLensSession({ signedIn: false, account: null }));
    const after = await freshLens();
    await after.runtime.loadLens();
    expect(after.runtime.getLensSession().signedIn).toBe(false);
  });
});
