import './coach.css';
import { useEffect, useId, useState } from 'react';
import { useAuth } from '../../app/auth/authStore';
import { useNetworkStatus } from '../../app/network/useNetworkStatus';
import { AI_PROVIDER_LABELS } from '../../domain/coach/constants';
import { AI_ERROR_TEXT } from '../../domain/errors/messages';
import { accessToken, failureText, fetchProviders } from '../../backend/api/coachApi';
import { setCoachChoice, useCoachChoice, type CoachChoice } from './coachPreference';
import { ErrorLine } from './ErrorLine';
import type { OfferedProvider } from './useCoachAnalysis';

type Offer =
  | { kind: 'loading' }
  | { kind: 'known'; providers: OfferedProvider[] }
  | { kind: 'unknown'; why: string };

/**
 * Which analysis the results screen asks for (docs/product.md § AI coaching): automatic
 * (the first provider this server offers), one provider, or on-device only. Only the
 * providers the server has keys for are offered.
 */
export default function CoachPreferences() {
  const stored = useCoachChoice();
  // The click shows at once; the stored choice follows when the write lands.
  const [picked, setPicked] = useState<CoachChoice | undefined>(undefined);
  const [saveError, setSaveError] = useState<string | null>(null);
  const choice = picked ?? stored;
  const [saved, setSaved] = useState(false);
  const pick = (value: CoachChoice) => {
    setPicked(value);
    setSaveError(null);
    setSaved(false);
    setCoachChoice(value).then(
      () => setSaved(true),
      (e: unknown) => {
        setPicked(undefined);
        setSaveError(AI_ERROR_TEXT.choiceNotSaved(failureText(e)));
      },
    );
  };
  const { status } = useAuth();
  const online = useNetworkStatus().status !== 'offline';
  const [offer, setOffer] = useState<Offer>({ kind: 'loading' });
  const name = useId();

  useEffect(() => {
    if (status === 'loading') return;
    if (!online) {
      setOffer({
        kind: 'unknown',
        why: 'You are offline, so the AI services on offer cannot be checked.',
      });
      return;
    }
    let live = true;
    void (async () => {
      try {
        const token = status === 'signedIn' ? await accessToken() : null;
        const providers = await fetchProviders(token);
        if (live) setOffer({ kind: 'known', providers });
      } catch (e) {
        if (live)
          setOffer({
            kind: 'unknown',
            why: `The providers could not be checked: ${failureText(e)}`,
          });
      }
    })();
    return () => {
      live = false;
    };
  }, [status, online]);

  const providers = offer.kind === 'known' ? offer.providers : [];
  const chosenMissing =
    choice !== undefined &&
    choice !== 'auto' &&
    choice !== 'device' &&
    offer.kind === 'known' &&
    !providers.some((p) => p.id === choice);
  const options: { value: CoachChoice; label: string; hint: string }[] = [
    {
      value: 'auto',
      label: 'Automatic',
      hint: providers[0]
        ? `Currently ${AI_PROVIDER_LABELS[providers[0].id]}.`
        : 'Your sessions are analyzed on this device.',
    },
    ...providers.map((p) => ({
      value: p.id,
      label: AI_PROVIDER_LABELS[p.id],
      hint: `Model ${p.model}, through this app’s server.`,
    })),
    ...(chosenMissing
      ? [
          {
            value: choice,
            label: AI_PROVIDER_LABELS[choice],
            hint: 'Not set up on this server now.',
          },
        ]
      : []),
    {
      value: 'device',
      label: 'On this device only',
      hint: 'Rules applied to your own figures. Nothing is sent.',
    },
  ];

  return (
    <section className="coach" aria-labelledby={`${name}-title`} data-testid="coach-preferences">
      <h2 id={`${name}-title`}>Session analysis</h2>
      <p className="coach__status">
        After each session you get an analysis computed on this device. A signed-in account can also
        ask an AI provider through this app’s server: it receives your session figures (no name,
        email or camera image).
      </p>
      {offer.kind === 'loading' ? (
        <p className="coach__status">Checking which AI services are on offer…</p>
      ) : null}
      {offer.kind === 'unknown' ? <p className="coach__status">{offer.why}</p> : null}
      {offer.kind === 'known' && providers.length === 0 ? (
        <p className="coach__status">Every analysis is worked out on this device.</p>
      ) : null}
      <fieldset className="coach__choices" disabled={choice === undefined}>
        <legend className="coach__subtitle">Ask for</legend>
        {options.map((o) => (
          <label key={o.value} className="coach__choice">
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={choice === o.value}
              onChange={() => pick(o.value)}
            />
            <span>
              <strong>{o.label}</strong>
              <span className="coach__basis"> {o.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="coach__status" role="status">
        {saved ? 'Saved. It applies to your next results.' : ''}
      </p>
      <ErrorLine message={saveError} />
    </section>
  );
}
