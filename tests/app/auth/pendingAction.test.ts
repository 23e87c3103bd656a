// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingAction,
  PENDING_ACTION_KEY,
  storePendingAction,
  takePendingAction,
} from '../../../src/app/auth/pendingAction';
import { keepsPendingAction, PENDING_ACTION_TTL_MS } from '../../../src/domain/authLevel';

beforeEach(() => sessionStorage.clear());

describe('stored pending action', () => {
  it('is stored with its requirement and context, read once, then cleared', () => {
    storePendingAction({ target: '/progress', requirement: 'account', context: 'progress' }, 1000);
    expect(takePendingAction(2000)).toEqual({
      target: '/progress',
      requirement: 'account',
      context: 'progress',
      createdAt: 1000,
    });
    expect(takePendingAction(2000)).toBeNull();
    expect(sessionStorage.getItem(PENDING_ACTION_KEY)).toBeNull();
  });
  it('can be cleared without running', () => {
    storePendingAction({ target: '/create', requirement: 'account' }, 1000);
    clearPendingAction();
    expect(takePendingAction(1000)).toBeNull();
  });
  it('expires, and junk in storage is ignored', () => {
    storePendingAction({ target: '/create', requirement: 'account' }, 0);
    expect(takePendingAction(PENDING_ACTION_TTL_MS + 1)).toBeNull();
    sessionStorage.setItem(PENDING_ACTION_KEY, '{not json');
    expect(takePendingAction(0)).toBeNull();
    sessionStorage.setItem(
      PENDING_ACTION_KEY,
      JSON.stringify({ target: 'https://evil.example', requirement: 'account', createdAt: 0 }),
    );
    expect(takePendingAction(0)).toBeNull();
  });
});

describe('pending action lifetime (issue 31: a stale one must not steer a later sign-up)', () => {
  it('lasts ten minutes', () => {
    expect(PENDING_ACTION_TTL_MS).toBe(10 * 60 * 1000);
    storePendingAction({ target: '/creator-dashboard', requirement: 'account' }, 0);
    expect(takePendingAction(10 * 60 * 1000)?.target).toBe('/creator-dashboard');
    storePendingAction({ target: '/creator-dashboard', requirement: 'account' }, 0);
    expect(takePendingAction(10 * 60 * 1000 + 1)).toBeNull();
  });
  it('survives only the sign-in pages', () => {
    expect(keepsPendingAction('/auth')).toBe(true);
    expect(keepsPendingAction('/onboarding')).toBe(true);
    expect(keepsPendingAction('/')).toBe(false);
    expect(keepsPendingAction('/creator-dashboard')).toBe(false);
    expect(keepsPendingAction('/authors')).toBe(false);
  });
});
