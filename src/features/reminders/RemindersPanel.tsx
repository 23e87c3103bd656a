import './reminders.css';
import { useEffect, useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useAuth } from '../../app/auth/authStore';
import {
  deviceTimeZone,
  onPracticeRemindersChange,
  readPracticeReminders,
  writePracticeReminders,
} from '../../app/practiceReminders';
import { useCustomPatterns } from '../../data/hooks';
import { PATTERNS } from '../../domain/patterns';
import { buildCalendar, calendarFileName } from '../../domain/reminders/ics';
import {
  describeReminder,
  MAX_REMINDERS,
  reminderProblem,
  WEEKDAY_NAMES,
  type Reminder,
} from '../../domain/reminders/schedule';
import { Button } from '../../ui/Button';
import { useHydrating } from '../../ui/useHydrating';
import { disablePush, enablePush, pushState, updatePush, type PushState } from './pushClient';

/** Monday first, as a week is read in most places; values are 0 = Sunday ... 6 = Saturday. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

let snapshot: Reminder[] | null = null;
function subscribe(l: () => void) {
  return onPracticeRemindersChange(() => {
    snapshot = null;
    l();
  });
}
function getSnapshot(): Reminder[] {
  snapshot ??= readPracticeReminders();
  return snapshot;
}
const EMPTY: Reminder[] = [];

function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const PUSH_TEXT: Record<PushState['kind'], string> = {
  unsupported: 'Not on this browser: it has no Web Push.',
  'needs-account': 'Needs an account: sign in to get push reminders.',
  'server-off': 'Not offered by this server.',
  blocked: 'Blocked: notifications for Pneuma are turned off in this browser’s settings.',
  available: 'Available on this device, turned off.',
  on: 'On: this device gets a notification at each reminder, even with Pneuma closed.',
};

/**
 * Practice reminders (docs/product.md § Reminders): days, a time and a pattern, for members
 * and guests, kept on this device; and the three ways they can reach the user, each saying
 * whether this device supports it: a calendar file (everywhere, offline), Web Push (with
 * an account, where the browser and server support it) and in-app (while Pneuma is open).
 */
export function RemindersPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const id = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  // The device's zone is unknown to the prerendered page: named once hydrated.
  const hydrating = useHydrating();
  const auth = useAuth();
  const signedIn = auth.status === 'signedIn';
  const custom = useCustomPatterns(auth.user?.id ?? null);
  const reminders = useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [time, setTime] = useState('07:30');
  const patterns = [
    ...PATTERNS.map((p) => ({ id: p.id, name: p.name })),
    ...custom.filter((p) => !p.deleted).map((p) => ({ id: p.id, name: p.name })),
  ];
  const [patternId, setPatternId] = useState('box');
  const [problem, setProblem] = useState<string | null>(null);
  const [push, setPush] = useState<PushState | null>(null);
  const [pushBusy, setPushBusy] = useState(false);
  const [pushError, setPushError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushState(signedIn)
      .catch((): PushState => ({ kind: 'unsupported' }))
      .then((s) => live && setPush(s));
    return () => {
      live = false;
    };
  }, [signedIn]);

  const save = (next: Reminder[]) => {
    writePracticeReminders(next);
    if (push?.kind === 'on') void updatePush(next).catch((e: unknown) => setPushError(e instanceof Error ? e.message : String(e)));
  };

  const onAdd = (e: FormEvent) => {
    e.preventDefault();
    const pattern = patterns.find((p) => p.id === patternId) ?? patterns[0]!;
    const r: Reminder = {
      id: crypto.randomUUID(),
      days: WEEK.filter((d) => days.includes(d)),
      time,
      patternId: pattern.id,
      patternName: pattern.name,
    };
    const p = reminders.length >= MAX_REMINDERS ? `At most ${MAX_REMINDERS} reminders.` : reminderProblem(r);
    setProblem(p);
    if (!p) save([...reminders, r]);
  };

  const onCalendar = () => {
    download(
      buildCalendar(reminders, { timeZone: deviceTimeZone(), origin: window.location.origin, now: new Date() }),
      calendarFileName(),
      'text/calendar;charset=utf-8',
    );
  };

  const onPush = async (on: boolean) => {
    setPushBusy(true);
    setPushError(null);
    try {
      if (on) await enablePush(reminders);
      else await disablePush();
      setPush(await pushState(signedIn));
    } catch (e) {
      setPushError(e instanceof Error ? e.message : String(e));
    } finally {
      setPushBusy(false);
    }
  };

  return (
    <section className="reminders stack" aria-labelledby={`${id}-h`}>
      <Heading id={`${id}-h`}>Practice reminders</Heading>
      <p className="muted">Choose days, a time and a pattern. Times follow this device’s clock{hydrating ? '' : ` (${deviceTimeZone()})`}.</p>

      <form className="reminders__form stack" onSubmit={onAdd} aria-label="New reminder">
        <fieldset className="reminders__days">
          <legend>Days</legend>
          {WEEK.map((d) => (
            <label key={d} className="reminders__day">
              <input
                type="checkbox"
                checked={days.includes(d)}
                onChange={(e) => setDays((cur) => (e.target.checked ? [...cur, d] : cur.filter((x) => x !== d)))}
              />
              <span>{WEEKDAY_NAMES[d]!.slice(0, 3)}</span>
            </label>
          ))}
        </fieldset>
        <div className="row">
          <label className="reminders__field">
            <span>Time</span>
            <input type="time" value={time} required onChange={(e) => setTime(e.target.value)} />
          </label>
          <label className="reminders__field">
            <span>Pattern</span>
            <select value={patternId} onChange={(e) => setPatternId(e.target.value)}>
              {patterns.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {problem ? <p role="alert" className="reminders__error">{problem}</p> : null}
        <div>
          <Button type="submit" variant="secondary">
            Add reminder
          </Button>
        </div>
      </form>

      {reminders.length ? (
        <ul className="reminders__list" aria-label="Your reminders">
          {reminders.map((r) => (
            <li key={r.id} className="row">
              <span>
                <strong>{r.patternName}</strong> · {describeReminder(r)}
              </span>
              <Button variant="ghost" size="sm" onClick={() => save(reminders.filter((x) => x.id !== r.id))} aria-label={`Remove ${r.patternName} ${describeReminder(r)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No reminders yet.</p>
      )}

      <Heading id={`${id}-ways`} className="reminders__ways-heading">
        How this device can remind you
      </Heading>
      <dl className="reminders__ways" aria-labelledby={`${id}-ways`}>
        <dt>Calendar</dt>
        <dd>
          <p>Works here and on every phone and computer, offline: your calendar app rings at each time, and its link opens the pattern.</p>
          <Button variant="secondary" disabled={!reminders.length} onClick={onCalendar}>
            Add to calendar (.ics)
          </Button>
        </dd>
        <dt>Push notifications</dt>
        <dd>
          <p data-testid="push-support">{push ? PUSH_TEXT[push.kind] : 'Checking…'}</p>
          {push?.kind === 'available' ? (
            <Button variant="secondary" disabled={pushBusy || !reminders.length} onClick={() => void onPush(true)}>
              {pushBusy ? 'Turning on…' : 'Turn on push reminders'}
            </Button>
          ) : null}
          {push?.kind === 'on' ? (
            <Button variant="ghost" disabled={pushBusy} onClick={() => void onPush(false)}>
              Turn off push reminders
            </Button>
          ) : null}
          {pushError ? <p role="alert" className="reminders__error">{pushError}</p> : null}
        </dd>
        <dt>In the app</dt>
        <dd>
          <p>Works here while Pneuma is open in a tab: a message appears at each time.</p>
        </dd>
      </dl>
    </section>
  );
}
