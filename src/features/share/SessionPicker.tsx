import { formatDuration } from '../../domain/duration';
import type { ShareSession } from '../../domain/share/shareStats';
import { SelectField } from '../../ui/Field';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' }) : 'date unknown';
};

/** Which practised session the community post carries (its pattern and figures); the newest ten. */
export function SessionPicker({
  sessions,
  value,
  onChange,
}: {
  sessions: readonly ShareSession[];
  value?: string;
  onChange: (id: string) => void;
}) {
  return (
    <SelectField
      label="Session to share"
      hint="The community post carries this session's pattern, so others can try it."
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={sessions.slice(0, 10).map((s) => ({
        value: s.id,
        label: `${s.patternName} · ${formatDuration(s.duration ?? 0)} · ${when(s.createdAt)}`,
      }))}
    />
  );
}
