import { useEffect, useMemo, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { AI_PROVIDERS, type AiProvider } from '../../domain/coach/constants';
import type { SessionAnalysisResponse } from '../../contracts/coach';
import { analyseOnDevice, type DeviceAnalysis } from '../../domain/coach/deviceAnalysis';
import { accessToken, analyseSession, failureText, fetchProviders } from '../../backend/api/coachApi';
import { loadCoachFacts, requestHistory, type CoachFacts } from './coachFacts';
import { useCoachChoice, type CoachChoice } from './coachPreference';

export interface OfferedProvider {
  id: AiProvider;
  model: string;
}

/** Where the provider's analysis stands. The on-device analysis is shown in every case but 'answered'. */
export type ProviderStatus =
  | { kind: 'deciding' }
  | { kind: 'off'; reason: 'offline' | 'userChoseDevice' | 'noneConfigured' }
  | { kind: 'off'; reason: 'signedOut'; offered: OfferedProvider[] }
  | { kind: 'off'; reason: 'notOffered'; chosen: AiProvider }
  | { kind: 'off'; reason: 'unavailable'; detail: string }
  | { kind: 'waiting'; provider: OfferedProvider }
  | { kind: 'answered'; answer: SessionAnalysisResponse }
  | { kind: 'failed'; provider: OfferedProvider; message: string };

export interface CoachAnalysis {
  /** undefined while loading, null when the session is not on this device. */
  facts: CoachFacts | null | undefined;
  device?: DeviceAnalysis;
  provider: ProviderStatus;
  /** The provider to ask for a pattern: the one chosen and offered, once known. */
  usable?: OfferedProvider;
}

/** The provider answers of this tab, so a reload does not ask (and pay) twice. */
const cacheKey = (sessionId: string, provider: AiProvider) =>
  `pneuma.coach.${sessionId}.${provider}`;

function cached(sessionId: string, provider: AiProvider): SessionAnalysisResponse | null {
  try {
    const raw = sessionStorage.getItem(cacheKey(sessionId, provider));
    return raw ? (JSON.parse(raw) as SessionAnalysisResponse) : null;
  } catch {
    return null;
  }
}

function remember(sessionId: string, answer: SessionAnalysisResponse): void {
  try {
    sessionStorage.setItem(cacheKey(sessionId, answer.provider), JSON.stringify(answer));
  } catch {
    // storage full or blocked: the answer is simply not kept
  }
}

/** An answer this tab already has for the session, from the chosen provider (any, for 'auto'). */
function cachedFor(sessionId: string, choice: CoachChoice): SessionAnalysisResponse | null {
  if (choice === 'device') return null;
  const ids = choice === 'auto' ? AI_PROVIDERS : [choice];
  for (const id of ids) {
    const answer = cached(sessionId, id);
    if (answer) return answer;
  }
  return null;
}

function pick(
  choice: CoachChoice,
  offered: OfferedProvider[],
): OfferedProvider | AiProvider | null {
  if (offered.length === 0) return null;
  if (choice === 'auto' || choice === 'device') return offered[0]!;
  return offered.find((p) => p.id === choice) ?? choice;
}

/**
 * The analysis of one stored session: the on-device analysis at once, then the chosen
 * provider's through the server when the person is signed in, online and has not chosen
 * on-device only. A provider failure keeps the on-device analysis and says why.
 */
export function useCoachAnalysis(sessionId: string): CoachAnalysis {
  const auth = useAuth();
  const online = useNetworkStatus().status !== 'offline';
  const choice = useCoachChoice();
  const [facts, setFacts] = useState<CoachFacts | null | undefined>(undefined);
  const [provider, setProvider] = useState<ProviderStatus>({ kind: 'deciding' });
  const [usable, setUsable] = useState<OfferedProvider | undefined>(undefined);

  useEffect(() => {
    let live = true;
    setFacts(undefined);
    loadCoachFacts(sessionId).then(
      (f) => live && setFacts(f),
      () => live && setFacts(null),
    );
    return () => {
      live = false;
    };
  }, [sessionId]);

  const device = useMemo(
    () => (facts ? analyseOnDevice({ session: facts.session, history: facts.history }) : undefined),
    [facts],
  );

  const signedIn = auth.status === 'signedIn';
  const authKnown = auth.status !== 'loading';
  useEffect(() => {
    if (!facts || !authKnown || choice === undefined) return;
    let live = true;
    const set = (s: ProviderStatus) => live && setProvider(s);
    const run = async () => {
      setUsable(undefined);
      if (choice === 'device') return set({ kind: 'off', reason: 'userChoseDevice' });
      // An answer already had stays, offline too.
      const had = cachedFor(facts.record.id, choice);
      if (had) return set({ kind: 'answered', answer: had });
      if (!online) return set({ kind: 'off', reason: 'offline' });
      const token = signedIn ? await accessToken().catch(() => null) : null;
      let offered: OfferedProvider[];
      try {
        offered = await fetchProviders(token);
      } catch (e) {
        return set({ kind: 'off', reason: 'unavailable', detail: failureText(e) });
      }
      const chosen = pick(choice, offered);
      if (chosen === null) return set({ kind: 'off', reason: 'noneConfigured' });
      if (typeof chosen === 'string') return set({ kind: 'off', reason: 'notOffered', chosen });
      if (!token) return set({ kind: 'off', reason: 'signedOut', offered });
      if (live) setUsable(chosen);
      set({ kind: 'waiting', provider: chosen });
      try {
        const answer = await analyseSession(token, chosen.id, {
          session: facts.session,
          history: requestHistory(facts.history),
          totalSessions: facts.totalSessions,
        });
        remember(facts.record.id, answer);
        set({ kind: 'answered', answer });
      } catch (e) {
        set({ kind: 'failed', provider: chosen, message: failureText(e) });
      }
    };
    void run();
    return () => {
      live = false;
    };
  }, [facts, authKnown, signedIn, choice, online]);

  return { facts, device, provider, usable };
}
