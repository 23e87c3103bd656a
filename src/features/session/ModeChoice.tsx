import { Link, useRouterState } from '@tanstack/react-router';
import { CHOSEN_MODES, type ChosenMode } from '../../domain/sessionModes';
import { buttonClass } from '../../ui/Button';

const MODE_LABELS: Record<ChosenMode, string> = {
  classic: 'Classic',
  enhanced: 'Enhanced, with camera',
};

/**
 * Classic or Enhanced (the camera), chosen inside the one pre-session step
 * (docs/product.md § Sessions): each is a link to the same pattern's session in that
 * mode, keeping the page's pattern (its query and its history entry); the current one is
 * marked. Not offered once the countdown runs (the step then shows only the countdown).
 */
export function ModeChoice({ mode }: { mode: ChosenMode }) {
  const state = useRouterState({ select: (s) => s.location.state });
  return (
    <nav className="mode-choice" aria-label="Session mode">
      {CHOSEN_MODES.map((m) => (
        <Link
          key={m}
          to="/session/$mode"
          params={{ mode: m }}
          // The same pattern; a one-tap start (start=now) is not carried to the other mode.
          search={(prev: Record<string, unknown>) => ({ ...prev, start: undefined })}
          state={state}
          replace
          aria-current={m === mode ? 'page' : undefined}
          className={`${buttonClass(m === mode ? 'secondary' : 'ghost', 'sm')} mode-choice__option`}
        >
          {MODE_LABELS[m]}
        </Link>
      ))}
    </nav>
  );
}
