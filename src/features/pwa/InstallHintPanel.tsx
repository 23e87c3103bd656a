import type { InstallHintKind } from '../../domain/iosInstall';
import { Button } from '../../ui/Button';
import { promptInstall } from './installPrompt';

/** What an installed Pneuma gains on iOS, said in the hint (docs/product.md § Installing). */
const IOS_INSTALL_GAINS: readonly string[] = [
  'Opens full screen, without Safari’s address bar.',
  'Works offline, and your practice stays on this device: Safari clears a website’s stored data after 7 days without a visit; an app on the Home Screen keeps it.',
  'Keeps the screen awake during a session (iOS 18.4 and later).',
];

/** The Share icon as Safari draws it (a box with an arrow up), for the instructions. */
function ShareGlyph() {
  return (
    <svg className="ios-hint__glyph" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 3v12M8 7l4-4 4 4M6 11H5v10h14V11h-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The install hint's panel (./InstallHint.tsx decides whether and which): loaded on demand. */
export default function InstallHintPanel({
  kind,
  onClose,
}: {
  kind: InstallHintKind;
  onClose: () => void;
}) {
  if (kind === 'prompt') {
    return (
      <aside className="ios-hint" aria-labelledby="install-hint-title" data-testid="install-hint">
        <h2 id="install-hint-title" className="ios-hint__title">
          Install Pneuma
        </h2>
        <p className="ios-hint__steps">
          It opens in its own window and works offline, like an app.
        </p>
        <div className="row">
          <Button
            onClick={() => {
              onClose();
              void promptInstall();
            }}
          >
            Install
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
        </div>
      </aside>
    );
  }
  return (
    <aside className="ios-hint" aria-labelledby="ios-hint-title" data-testid="ios-install-hint">
      <h2 id="ios-hint-title" className="ios-hint__title">
        Add Pneuma to your Home Screen
      </h2>
      <p className="ios-hint__steps">
        In Safari, tap Share <ShareGlyph />, then <strong>Add to Home Screen</strong>.
      </p>
      <ul className="ios-hint__gains">
        {IOS_INSTALL_GAINS.map((gain) => (
          <li key={gain}>{gain}</li>
        ))}
      </ul>
      <Button variant="secondary" onClick={onClose}>
        Not now
      </Button>
    </aside>
  );
}
