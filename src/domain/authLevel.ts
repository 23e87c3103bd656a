/**
 * Auth levels, gates and the pending action (docs/product.md § Accounts and access).
 * Pure: no React, no I/O.
 *
 * Levels are ordered none < supabase (email account) < evm (social wallet) < flow (token
 * wallet). A feature asking for a level is available when the current level is at or
 * above it.
 */

export const AUTH_LEVELS = ['none', 'supabase', 'evm', 'flow'] as const;
export type AuthLevel = (typeof AUTH_LEVELS)[number];

function authLevelRank(level: AuthLevel): number {
  return AUTH_LEVELS.indexOf(level);
}

/** True when `current` is at or above `required`. */
export function meetsAuthLevel(current: AuthLevel, required: AuthLevel): boolean {
  return authLevelRank(current) >= authLevelRank(required);
}

interface AuthFacts {
  /** An email account session exists (cached or live). */
  signedIn: boolean;
  /** A social (EVM) wallet login is active. */
  evmConnected?: boolean;
  /** A token (Flow) wallet login is active. */
  flowConnected?: boolean;
}

/**
 * The highest level the user holds. Wallet logins build on an email account ('Please
 * sign up with email first, then connect your wallet'), so without an account the
 * level is none whatever a wallet says.
 */
export function currentAuthLevel({ signedIn, evmConnected, flowConnected }: AuthFacts): AuthLevel {
  if (!signedIn) return 'none';
  if (flowConnected) return 'flow';
  if (evmConnected) return 'evm';
  return 'supabase';
}

/** What a gate asks for, as the UI names it (an account, or one of the two wallet types). */
export type GateRequirement = 'none' | 'account' | 'evm' | 'flow';

function requiredLevel(requirement: GateRequirement): AuthLevel {
  switch (requirement) {
    case 'none':
      return 'none';
    case 'account':
      return 'supabase';
    case 'evm':
      return 'evm';
    case 'flow':
      return 'flow';
  }
}

export type GateFallback = 'prompt' | 'hide' | 'disable' | 'redirect';

/**
 * What a gate's proceed button does (spec § 4): a signed-in user facing a wallet
 * requirement gets the wallet connection of that type; everyone else signs in first
 * (a wallet links to an email account, never on its own).
 */
export function gateProceed(
  requirement: GateRequirement,
  signedIn: boolean,
): 'sign-in' | 'connect-evm' | 'connect-flow' {
  if (!signedIn) return 'sign-in';
  if (requirement === 'evm') return 'connect-evm';
  if (requirement === 'flow') return 'connect-flow';
  return 'sign-in';
}

/** 'show' when the requirement is met, otherwise the gate's fallback. */
export function gateOutcome(
  current: AuthLevel,
  requirement: GateRequirement,
  fallback: GateFallback,
): 'show' | GateFallback {
  return meetsAuthLevel(current, requiredLevel(requirement)) ? 'show' : fallback;
}

/** The `context` query of /auth and /onboarding. */
export type AuthContext = 'social' | 'progress';

export function parseAuthContext(raw: unknown): AuthContext | undefined {
  return raw === 'social' || raw === 'progress' ? raw : undefined;
}

/** The prompt offers a skip button except in the progress context. */
export function canSkipPrompt(context: AuthContext | undefined): boolean {
  return context !== 'progress';
}

/** What each tier adds, shown in the gate prompt. */
export const TIER_BENEFITS: Record<Exclude<GateRequirement, 'none'>, readonly string[]> = {
  account: ['Cloud sync', 'Analytics', 'Custom patterns', 'Achievements'],
  evm: ['Community sharing', 'Challenges', 'Following', 'Reputation'],
  flow: [
    'Pattern-token minting',
    'Marketplace trading',
    'Creator monetisation',
    'Ownership verification',
  ],
};

/**
 * Where to go after sign-in. Only a same-site path is accepted ("/progress", "/create?x=1"),
 * never another origin ("//evil.example", "https://...") or a path back to the auth screen.
 */
export function safeRedirectTarget(raw: unknown, fallback = '/'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2000) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  if ([...raw].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  const path = raw.split(/[?#]/)[0] ?? '';
  if (
    path === '/auth' ||
    path === '/onboarding' ||
    path.startsWith('/auth/') ||
    path.startsWith('/onboarding/')
  ) {
    return fallback;
  }
  return raw;
}

/** An action the user asked for before signing in, run once the requirement is met. */
export interface PendingAction {
  /** Where to go once signed in (a same-site path). */
  target: string;
  requirement: GateRequirement;
  context?: AuthContext;
  /** Epoch ms. */
  createdAt: number;
}

/** A pending action older than this is dropped (the user has moved on). */
export const PENDING_ACTION_TTL_MS = 10 * 60 * 1000;

/**
 * Whether a pending action survives a visit to `path`: only the sign-in pages keep it (the
 * way from the gate to the account); any other page means the person went elsewhere.
 */
export function keepsPendingAction(path: string): boolean {
  return (
    path === '/auth' ||
    path === '/onboarding' ||
    path.startsWith('/auth/') ||
    path.startsWith('/onboarding/')
  );
}

/** Reads a stored pending action defensively; null when missing, malformed or stale. */
export function parsePendingAction(raw: unknown, now: number): PendingAction | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const requirement = r.requirement;
  if (
    requirement !== 'none' &&
    requirement !== 'account' &&
    requirement !== 'evm' &&
    requirement !== 'flow'
  ) {
    return null;
  }
  if (typeof r.createdAt !== 'number' || !Number.isFinite(r.createdAt)) return null;
  if (now - r.createdAt > PENDING_ACTION_TTL_MS || r.createdAt - now > 60_000) return null;
  const target = safeRedirectTarget(r.target, '');
  if (!target) return null;
  return { target, requirement, context: parseAuthContext(r.context), createdAt: r.createdAt };
}

/** First time = no completed-session flag and not authenticated. */
export function isFirstTime({
  hasCompletedSession,
  authenticated,
}: {
  hasCompletedSession: boolean;
  authenticated: boolean;
}): boolean {
  return !hasCompletedSession && !authenticated;
}

/** Onboarding is shown on mobile to first-time users who have not completed it. */
export function shouldShowOnboarding(f: {
  firstTime: boolean;
  mobile: boolean;
  onboardingCompleted: boolean;
}): boolean {
  return f.firstTime && f.mobile && !f.onboardingCompleted;
}

export type UserRole = 'user' | 'creator' | 'instructor';

export function parseRole(raw: unknown): UserRole {
  return raw === 'creator' || raw === 'instructor' ? raw : 'user';
}
