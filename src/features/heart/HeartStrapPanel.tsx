import { useEffect, useRef, useState } from 'react';
import type { HeartRateMeasurement } from '../../domain/heart/heartRateMeasurement';
import { heartRateFromRr, rmssd } from '../../domain/heart/rrIntervals';
import { buttonClass } from '../../ui/Button';
import { connectStrap, StrapNotChosenError, type StrapConnection } from './bluetoothStrap';

/** RMSSD is read over the most recent beats (about a minute and a half at rest). */
const RR_KEPT = 100;

type Link =
  { state: 'idle'; note?: string } | { state: 'connecting' } | { state: 'connected'; name: string };

/**
 * A heart-rate strap, connected from here (loaded only where Web Bluetooth exists): the
 * heart rate as the strap reports it, whether it touches the skin, and from its
 * beat-to-beat intervals the rate of the last beat and RMSSD (docs/product.md § Heart
 * and safety).
 */
export default function HeartStrapPanel() {
  const [link, setLink] = useState<Link>({ state: 'idle' });
  const [last, setLast] = useState<HeartRateMeasurement | null>(null);
  const [rr, setRr] = useState<number[]>([]);
  const [unreadable, setUnreadable] = useState(0);
  const connection = useRef<StrapConnection | null>(null);

  useEffect(() => () => connection.current?.disconnect(), []);

  async function connect() {
    setLink({ state: 'connecting' });
    setLast(null);
    setRr([]);
    setUnreadable(0);
    try {
      const c = await connectStrap({
        measurement(m) {
          setLast(m);
          if (m.rrIntervalsMs.length)
            setRr((kept) => [...kept, ...m.rrIntervalsMs].slice(-RR_KEPT));
        },
        unreadable() {
          setUnreadable((n) => n + 1);
        },
        disconnected() {
          connection.current = null;
          setLink({ state: 'idle', note: 'The strap is disconnected.' });
        },
      });
      connection.current = c;
      setLink({ state: 'connected', name: c.name });
    } catch (e) {
      setLink({
        state: 'idle',
        note:
          e instanceof StrapNotChosenError
            ? 'No strap was chosen.'
            : 'The strap could not be connected. Check that it is worn and nearby, then try again.',
      });
    }
  }

  const variability = rmssd(rr);
  // The last plausible beat's rate (60000 / RR); an implausible interval gives none.
  const lastBeat = heartRateFromRr(rr).at(-1) ?? null;
  return (
    <div className="heart-strap" data-testid="heart-strap">
      <p role="status">
        {link.state === 'connected'
          ? `Connected to ${link.name}.`
          : link.state === 'connecting'
            ? 'Connecting…'
            : (link.note ?? '')}
      </p>
      {link.state === 'connected' ? (
        <>
          <dl className="heart-strap__figures">
            <div>
              <dt>Heart rate</dt>
              <dd data-testid="strap-heart-rate">
                {last ? `${last.heartRateBpm} beats a minute` : 'Waiting for the strap…'}
              </dd>
            </div>
            <div>
              <dt>Last beat</dt>
              <dd data-testid="strap-beat-rate">
                {lastBeat
                  ? `${Math.round(lastBeat.bpm)} beats a minute, from its beat-to-beat interval`
                  : last && !last.rrIntervalsMs.length
                    ? 'This strap sends no beat-to-beat intervals.'
                    : 'Not measured yet.'}
              </dd>
            </div>
            <div>
              <dt>RMSSD</dt>
              <dd data-testid="strap-rmssd">
                {variability !== null
                  ? `${variability.toFixed(1)} ms over the last ${rr.length} beats`
                  : last && !last.rrIntervalsMs.length
                    ? 'This strap sends no beat-to-beat intervals.'
                    : 'Not measured yet.'}
              </dd>
            </div>
          </dl>
          {last?.sensorContact === 'not-detected' ? (
            <p>The strap does not touch the skin: moisten its pads and tighten it.</p>
          ) : null}
          {unreadable ? (
            <p data-testid="strap-unreadable">
              {unreadable === 1
                ? 'One reading from the strap could not be read.'
                : `${unreadable} readings from the strap could not be read.`}
            </p>
          ) : null}
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => connection.current?.disconnect()}
          >
            Disconnect the strap
          </button>
        </>
      ) : (
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={link.state === 'connecting'}
          onClick={() => void connect()}
        >
          Connect a heart-rate strap
        </button>
      )}
    </div>
  );
}
