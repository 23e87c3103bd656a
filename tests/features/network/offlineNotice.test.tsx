// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_TEXT } from '../../../src/domain/errors/messages';
import { OfflineNotice } from '../../../src/features/network';
import {
  applyHealthReportForTests,
  resetNetworkStoreForTests,
} from '../../../src/app/network/networkStore';

afterEach(() => {
  cleanup();
  resetNetworkStoreForTests();
});

describe('offline notice', () => {
  it('appears when the backend is unreachable and goes when it answers again', () => {
    render(<OfflineNotice />);
    expect(screen.queryByText(FALLBACK_TEXT.offline)).toBeNull();
    act(() =>
      applyHealthReportForTests({ backendReachable: false, checks: [], checkedAt: 1, durationMs: 1 }),
    );
    expect(screen.getByText(FALLBACK_TEXT.offline)).toBeTruthy();
    expect(screen.getByRole('status')).toBeTruthy();
    act(() =>
      applyHealthReportForTests({ backendReachable: true, checks: [], checkedAt: 2, durationMs: 1 }),
    );
    expect(screen.queryByText(FALLBACK_TEXT.offline)).toBeNull();
  });
});
