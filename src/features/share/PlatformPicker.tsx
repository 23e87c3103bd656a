import { PLATFORMS, type PlatformId } from '../../domain/share/platforms';

/** Checkboxes for the platforms this browser offers, with what each one does. */
export function PlatformPicker({
  offered,
  chosen,
  onToggle,
}: {
  offered: readonly PlatformId[];
  chosen: readonly PlatformId[];
  onToggle: (id: PlatformId, on: boolean) => void;
}) {
  const note: Partial<Record<PlatformId, string>> = {
    community: 'Posts to the Pneuma community feed, with the pattern so others can try it.',
    device: "Your device's share menu, with the progress card as an image.",
    facebook: 'Facebook takes a link only: your text is copied for you to paste.',
    linkedin: 'LinkedIn takes a link only: your text is copied for you to paste.',
  };
  return (
    <fieldset className="platform-picker">
      <legend>Share to</legend>
      <p className="muted">Other platforms open their own share page in a new tab, where you finish posting.</p>
      {PLATFORMS.filter((p) => offered.includes(p.id)).map((p) => (
        <label key={p.id} className="platform-picker__option">
          <input type="checkbox" checked={chosen.includes(p.id)} onChange={(e) => onToggle(p.id, e.target.checked)} />
          <span>
            <span className="platform-picker__name">{p.label}</span>
            {note[p.id] ? <span className="muted platform-picker__note">{note[p.id]}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
