import { describe, expect, it } from 'vitest';
import {
  AUTH_LEVELS,
  canSkipPrompt,
  currentAuthLevel,
  gateOutcome,
  isFirstTime,
  meetsAuthLevel,
  parseAuthContext,
  parsePendingAction,
  parseRole,
  PENDING_ACTION_TTL_MS,
  safeRedirectTarget,
  shouldShowOnboarding,
  gateProceed,
  type AuthLevel,
  type GateRequirement,
} from '../../src/domain/authLevel';

describe('auth level ordering', () => {
  it('orders none < supabase < evm < flow', () => {
    expect(AUTH_LEVELS).toEqual(['none', 'supabase', 'evm', 'flow']);
  });
  it('a level meets itself and everything below, nothing above', () => {
    for (const [i, current] of AUTH_LEVELS.entries()) {
      for (const [j, required] of AUTH_LEVELS.entries()) {
        expect(meetsAuthLevel(current, required), `${current} >= ${required}`).toBe(i >= j);
      }
    }
  });
  it('derives the level from what the user holds; wallets need an account', () => {
    expect(currentAuthLevel({ signedIn: false })).toBe('none');
    expect(currentAuthLevel({ signedIn: false, evmConnected: true, flowConnected: true })).toBe(
      'none',
    );
    expect(currentAuthLevel({ signedIn: true })).toBe('supabase');
    expect(currentAuthLevel({ signedIn: true, evmConnected: true })).toBe('evm');
    expect(currentAuthLevel({ signedIn: true, evmConnected: true, flowConnected: true })).toBe(
      'flow',
    );
  });
});

describe('gates', () => {
  it('maps each requirement to its level: an account is met by a sign-in, a wallet only by itself or above', () => {
    const met = (current: AuthLevel, requirement: GateRequirement) =>
      gateOutcome(current, requirement, 'hide') === 'show';
    expect(met('none', 'none')).toBe(true);
    expect(met('none', 'account')).toBe(false);
    expect(met('supabase', 'account')).toBe(true);
    expect(met('supabase', 'evm')).toBe(false);
    expect(met('evm', 'evm')).toBe(true);
    expect(met('evm', 'flow')).toBe(false);
    expect(met('flow', 'flow')).toBe(true);
  });
  it('shows content when met, else the fallback', () => {
    expect(gateOutcome('none', 'none', 'hide')).toBe('show');
    expect(gateOutcome('supabase', 'account', 'prompt')).toBe('show');
    for (const f of ['prompt', 'hide', 'disable', 'redirect'] as const) {
      expect(gateOutcome('none', 'account', f)).toBe(f);
      expect(gateOutcome('supabase', 'evm', f)).toBe(f);
    }
    expect(gateOutcome('flow', 'evm', 'redirect')).toBe('show');
  });
  it('offers skip except in the progress context', () => {
    expect(canSkipPrompt(undefined)).toBe(true);
    expect(canSkipPrompt('social')).toBe(true);
    expect(canSkipPrompt('progress')).toBe(false);
    expect(parseAuthContext('progress')).toBe('progress');
    expect(parseAuthContext('social')).toBe('social');
    expect(parseAuthContext('other')).toBeUndefined();
    expect(parseAuthContext(3)).toBeUndefined();
  });
});

describe('redirect target', () => {
  it('accepts same-site paths', () => {
    expect(safeRedirectTarget('/progress')).toBe('/progress');
    expect(safeRedirectTarget('/create?edit=1#x')).toBe('/create?edit=1#x');
  });
  it('refuses other origins, loops and junk', () => {
    for (const bad of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      'progress',
      '',
      '/auth',
      '/auth?x=1',
      '/onboarding',
      '/a\nb',
      42,
      null,
    ]) {
      expect(safeRedirectTarget(bad)).toBe('/');
    }
  });
});

describe('pending action', () => {
  const now = 1_800_000_000_000;
  it('round-trips a fresh action', () => {
    expect(
      parsePendingAction(
        { target: '/progress', requirement: 'account', context: 'progress', createdAt: now - 1000 },
        now,
      ),
    ).toEqual({
      target: '/progress',
      requirement: 'account',
      context: 'progress',
      createdAt: now - 1000,
    });
  });
  it('drops stale, malformed and unsafe actions', () => {
    expect(parsePendingAction(null, now)).toBeNull();
    expect(parsePendingAction('x', now)).toBeNull();
    expect(
      parsePendingAction({ target: '/p', requirement: 'admin', createdAt: now }, now),
    ).toBeNull();
    expect(
      parsePendingAction({ target: '/p', requirement: 'account', createdAt: 'yesterday' }, now),
    ).toBeNull();
    expect(
      parsePendingAction({ target: '//evil', requirement: 'account', createdAt: now }, now),
    ).toBeNull();
    expect(
      parsePendingAction(
        { target: '/p', requirement: 'account', createdAt: now - PENDING_ACTION_TTL_MS - 1 },
        now,
      ),
    ).toBeNull();
    expect(
      parsePendingAction(
        { target: '/p', requirement: 'account', createdAt: now - PENDING_ACTION_TTL_MS },
        now,
      ),
    ).not.toBeNull();
  });
});

describe('first-time state and roles', () => {
  it('first time = no completed session and not authenticated', () => {
    expect(isFirstTime({ hasCompletedSession: false, authenticated: false })).toBe(true);
    expect(isFirstTime({ hasCompletedSession: true, authenticated: false })).toBe(false);
    expect(isFirstTime({ hasCompletedSession: false, authenticated: true })).toBe(false);
  });
  it('onboarding shows on mobile to first-timers who have not completed it', () => {
    expect(
      shouldShowOnboarding({ firstTime: true, mobile: true, onboardingCompleted: false }),
    ).toBe(true);
    expect(
      shouldShowOnboarding({ firstTime: true, mobile: false, onboardingCompleted: false }),
    ).toBe(false);
    expect(shouldShowOnboarding({ firstTime: true, mobile: true, onboardingCompleted: true })).toBe(
      false,
    );
    expect(
      shouldShowOnboarding({ firstTime: false, mobile: true, onboardingCompleted: false }),
    ).toBe(false);
  });
  it('roles default to user', () => {
    expect(parseRole('creator')).toBe('creator');
    expect(parseRole('instructor')).toBe('instructor');
    expect(parseRole('admin')).toBe('user');
    expect(parseRole(undefined)).toBe('user');
  });
});

describe("a gate's proceed", () => {
  it('opens the wallet connection of the requirement for a signed-in user', () => {
    expect(gateProceed('evm', true)).toBe('connect-evm');
    expect(gateProceed('flow', true)).toBe('connect-flow');
  });
  it('signs in first when signed out, and for an account requirement', () => {
    expect(gateProceed('evm', false)).toBe('sign-in');
    expect(gateProceed('flow', false)).toBe('sign-in');
    expect(gateProceed('account', false)).toBe('sign-in');
    expect(gateProceed('account', true)).toBe('sign-in');
  });
});
