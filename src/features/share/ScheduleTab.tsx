import { useMemo, useState } from 'react';
import {
  clearShareReminder,
  readShareReminder,
  setShareReminder,
  type ShareReminder,
} from '../../app/shareReminder';
import { nextPostingWindows } from '../../domain/share/postingTimes';
import { normalizePostText } from '../../domain/share/postText';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';

const timeFmt: Intl.DateTimeFormatOptions = { weekday: 'long', hour: 'numeric', minute: '2-digit' };
const fmt = (d: Date | number) => new Date(d).toLocaleString(undefined, timeFmt);

/** 'YYYY-MM-DDTHH:MM' in local time, for a datetime-local input. */
function localInputValue(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * Schedule: the next optimal posting times and a local reminder at one of them (or any
 * chosen time). The reminder brings this post back; it never posts by itself.
 */
export function ScheduleTab({ text }: { text: string }) {
  const windows = useMemo(() => nextPostingWindows(new Date(), 3), []);
  const [choice, setChoice] = useState<string>(() => String(windows[0]?.start.getTime() ?? ''));
  const [custom, setCustom] = useState('');
  const [reminder, setReminder] = useState<ShareReminder | null>(readShareReminder);
  const [error, setError] = useState<string>();
  const canNotify = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(canNotify ? Notification.permission : 'denied');

  const save = () => {
    const body = normalizePostText(text);
    if (!body) return setError('Write your post first (Editor tab): the reminder brings it back.');
    const at = choice === 'custom' ? new Date(custom).getTime() : Number(choice);
    if (!Number.isFinite(at)) return setError('Choose a time for the reminder.');
    if (at <= Date.now()) return setError('Choose a time in the future.');
    setError(undefined);
    setReminder(setShareReminder(at, body));
  };

  return (
    <div className="schedule">
      <h2>Best times to post</h2>
      <p className="muted">Weekdays 7-9 AM, 12-1 PM and 5-7 PM; weekends 9-11 AM and 2-4 PM (your local time).</p>
      <fieldset className="schedule__choices">
        <legend>Remind me to post</legend>
        {windows.map((w) => (
          <label key={w.start.getTime()} className="platform-picker__option">
            <input
              type="radio"
              name="share-time"
              value={String(w.start.getTime())}
              checked={choice === String(w.start.getTime())}
              onChange={(e) => setChoice(e.target.value)}
            />
            <span>
              {w.start <= new Date() ? `Now, until ${w.end.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}` : fmt(w.start)}
            </span>
          </label>
        ))}
        <label className="platform-picker__option">
          <input type="radio" name="share-time" value="custom" checked={choice === 'custom'} onChange={() => setChoice('custom')} />
          <span>Another time</span>
        </label>
        {choice === 'custom' ? (
          <Field
            label="Reminder time"
            type="datetime-local"
            min={localInputValue(new Date())}
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
        ) : null}
      </fieldset>
      <div className="row">
        <Button onClick={save}>Set reminder</Button>
        {canNotify && permission === 'default' ? (
          <Button variant="ghost" onClick={() => void Notification.requestPermission().then(setPermission)}>
            Allow notifications
          </Button>
        ) : null}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" className="schedule__current">
        {reminder && !reminder.fired ? (
          <p>
            Reminder set for {fmt(reminder.at)}. Pneuma reminds you while it is open in a tab
            {permission === 'granted' ? ', with a system notification' : ''}, or when you next open it.{' '}
            <Button variant="ghost" size="sm" onClick={() => (clearShareReminder(), setReminder(null))}>
              Cancel reminder
            </Button>
          </p>
        ) : (
          <p className="muted">No reminder set.</p>
        )}
      </div>
    </div>
  );
}
