// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CASES } from '../../../src/domain/errors/messages';
import { HttpError, NetworkError } from '../../../src/domain/errors/appErrors';
import { AppErrorPage, APP_ERROR_HTML } from '../../../src/features/errors/AppErrorPage';
import {
  ErrorCard,
  SessionErrorCard,
  WalletIssueCard,
} from '../../../src/features/errors/ErrorCards';
import { FullPageError } from '../../../src/features/errors/FullPageError';
import { db } from '../../../src/data/db';

/** The errors stored on the device, newest first. */
const storedErrors = () => db.errorLog.orderBy(':id').reverse().toArray();

const reload = vi.fn();

beforeEach(async () => {
  reload.mockReset();
  Object.defineProperty(window, 'location', {
    value: { ...window.location, reload },
    configurable: true,
    writable: true,
  });
  await db.errorLog.clear();
});
afterEach(cleanup);

describe('full-page error', () => {
  it("shows 'Oops! Something went wrong', the calm message; Try Again resets, Refresh Page reloads", async () => {
    const reset = vi.fn();
    render(<FullPageError error={new Error('Something odd')} reset={reset} />);
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText(ERROR_CASES.other.message)).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Oops! Something went wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reset).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('records the error once in the local log with high severity', async () => {
    const error = new Error('Something odd, recorded once');
    const { rerender } = render(<FullPageError error={error} reset={() => undefined} />);
    rerender(<FullPageError error={error} reset={() => undefined} />);
    // the reporter loads on the first captured error
    await vi.waitFor(
      async () =>
        expect((await storedErrors()).filter((r) => r.message === error.message)).toHaveLength(1),
      { timeout: 5_000 },
    );
    const rows = (await storedErrors()).filter((r) => r.message === error.message);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ severity: 'high' });
    expect(row!.context?.source).toBe('route');
  });
});

describe('application error page', () => {
  it('asks to refresh or contact support; the no-root HTML says the same', () => {
    render(<AppErrorPage />);
    expect(screen.getByRole('heading', { name: 'Application Error' })).toBeTruthy();
    expect(screen.getByText(/refresh the page.*contact support/i)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalled();
    expect(APP_ERROR_HTML).toContain('Application Error');
    expect(APP_ERROR_HTML).toMatch(/contact support/);
  });
});

describe('error cards', () => {
  it('inline card: retry recovery offers Retry and calls it', () => {
    const onRetry = vi.fn();
    render(<ErrorCard error={new NetworkError()} onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain(ERROR_CASES['network.error'].message);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('inline card: refresh recovery reloads the page', () => {
    const e = new Error('x');
    e.name = 'QuotaExceededError';
    render(<ErrorCard error={e} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalled();
  });

  it('inline card: user_action shows the action when given (Check Camera)', () => {
    const onAction = vi.fn();
    render(<ErrorCard error={new Error('Camera stream ended')} onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check Camera' }));
    expect(onAction).toHaveBeenCalled();
  });

  it('inline card: fallback shows no button; authentication has no retry', () => {
    render(<ErrorCard error={new Error('AI analysis failed')} onRetry={() => undefined} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    render(<ErrorCard error={new HttpError(401)} onRetry={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toContain(ERROR_CASES.authentication.message);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('wallet-issue card with Retry', () => {
    const onRetry = vi.fn();
    render(<WalletIssueCard onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain(ERROR_CASES['wallet.default'].message);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    cleanup();
    render(
      <WalletIssueCard
        error={Object.assign(new Error('denied'), { code: 4001 })}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(ERROR_CASES['wallet.rejected'].message);
  });

  it('inline card for a failed query: Retry whatever the category, under its title', () => {
    const onRetry = vi.fn();
    render(
      <ErrorCard
        title="Failed to load timeline"
        message="The server could not be reached. Check your connection and try again."
        recovery="retry"
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert', { name: 'Failed to load timeline' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    cleanup();
    // An authentication-looking message would offer nothing without the override.
    render(<ErrorCard message="Authentication failed. Please sign in again." recovery="retry" onRetry={onRetry} />);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it("session-error card: 'Failed to start session' when the loop could not start", () => {
    render(<SessionErrorCard onRestart={() => undefined} message="Failed to start session" />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to start session');
    expect(screen.getByRole('button', { name: 'Restart Session' })).toBeTruthy();
  });

  it("session-error card with 'Restart Session'", () => {
    const onRestart = vi.fn();
    render(<SessionErrorCard onRestart={onRestart} />);
    expect(screen.getByRole('alert').textContent).toContain(ERROR_CASES.session.message);
    fireEvent.click(screen.getByRole('button', { name: 'Restart Session' }));
    expect(onRestart).toHaveBeenCalled();
  });
});
