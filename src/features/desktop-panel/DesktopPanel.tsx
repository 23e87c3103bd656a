import { useEffect, useState } from 'react';
import { Tabs } from '../../ui/Tabs';
import { Switch } from '../../ui/Switch';
import { Card } from '../../ui/Card';
import {
  SHORTCUTS,
  fullscreenSupported,
  multipleDisplays,
  pipSupported,
  setAdvancedMetrics,
  setBackgroundBlur,
  setFocusMode,
  setFullscreen,
  setHighPerformance,
  setMultiMonitor,
  setPictureInPicture,
  setShortcuts,
  setSuppressNotifications,
  usePanelSettings,
} from './displayControls';
import {
  isDedicatedGpu,
  measureFrameRate,
  measureLatency,
  readCapabilities,
  readDeviceFacts,
  type DeviceFacts,
} from './measure';
import './desktop-panel.css';

const MULTI_DISPLAY_NOTE = 'Multi-monitor features require multiple displays';
const PIP_UNSUPPORTED_NOTE =
  'This browser cannot keep a window on top of others (Document Picture-in-Picture, in Chrome and Edge 116 or later on a computer).';
const AUTO_SAVE_STATUS =
  'Auto-Save Progress is always on: every session is saved on this device the moment it ends, and goes to your account when you are signed in and online.';

/** Measured once on open; every 2 seconds while Advanced Metrics is on. */
function useMeasurements(live: boolean) {
  const [facts, setFacts] = useState<DeviceFacts>(() => readDeviceFacts());
  const [fps, setFps] = useState<number | null>(null);
  const [latency, setLatency] = useState<number | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    const run = async () => {
      const [f, l] = await Promise.all([measureFrameRate(1000), measureLatency(3)]);
      if (cancelled) return;
      setFps(f);
      setLatency(l);
      setFacts(readDeviceFacts());
    };
    void run();
    const id = live ? window.setInterval(() => void run(), 2000) : undefined;
    return () => {
      cancelled = true;
      if (id !== undefined) window.clearInterval(id);
    };
  }, [live]);

  return { facts, fps, latency };
}

function StatusList({ live }: { live: boolean }) {
  const { facts, fps, latency } = useMeasurements(live);
  const rows: [string, string][] = [];
  if (facts.cores !== undefined) rows.push(['CPU cores', String(facts.cores)]);
  if (facts.memoryGb !== undefined) rows.push(['Memory', `${facts.memoryGb} GB`]);
  rows.push([
    'Network',
    facts.online ? (facts.effectiveType ? `online (${facts.effectiveType})` : 'online') : 'offline',
  ]);
  rows.push(['Frame Rate', fps === null ? 'Measuring…' : `${fps}fps`]);
  rows.push([
    'Latency',
    latency === undefined
      ? 'Measuring…'
      : latency === null
        ? 'Server not reachable'
        : `${latency}ms`,
  ]);
  if (facts.gpu) rows.push(['GPU', facts.gpu]);
  return (
    <dl className="facts dp-status" aria-live="polite">
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

const TIPS = [
  'Close other tabs and apps before a long session so the guide keeps exact time.',
  'Turn on Focus Mode and Fullscreen to keep only the breathing guide in view.',
  'Use the picture-in-picture guide to keep breathing while you work in another window.',
];

export default function DesktopPanel() {
  const s = usePanelSettings();
  const [gpu] = useState(() => readDeviceFacts().gpu);
  const dedicated = isDedicatedGpu(gpu);
  const [error, setError] = useState<string | null>(null);
  const multi = multipleDisplays();
  const pip = pipSupported();

  const attempt = (fn: () => Promise<void>) => {
    setError(null);
    fn().catch((e: unknown) =>
      setError(e instanceof Error ? e.message : 'That setting could not be changed.'),
    );
  };

  return (
    <Card as="section" id="desktop-panel" className="dp" aria-labelledby="dp-title">
      <h2 id="dp-title">Desktop optimization</h2>
      {error ? (
        <p role="alert" className="dp-error">
          {error}
        </p>
      ) : null}
      <Tabs
        label="Desktop optimization settings"
        items={[
          {
            value: 'performance',
            label: 'Performance',
            content: (
              <>
                <Switch
                  label="High Performance"
                  description={
                    dedicated
                      ? `Dedicated GPU: ${gpu}`
                      : 'Needs a dedicated GPU; none was detected on this device.'
                  }
                  checked={s.highPerformance}
                  disabled={!dedicated}
                  onCheckedChange={setHighPerformance}
                />
                <Switch
                  label="Advanced Metrics"
                  description="Re-measures frame rate and latency every 2 seconds."
                  checked={s.advancedMetrics}
                  onCheckedChange={setAdvancedMetrics}
                />
                <p className="dp-note" data-testid="auto-save-status">
                  {AUTO_SAVE_STATUS}
                </p>
                <h3 className="dp-subtitle">System status</h3>
                <p className="muted dp-note">
                  Measured in this browser. CPU and GPU load cannot be read by a web page, so they
                  are not shown.
                </p>
                <StatusList live={s.advancedMetrics} />
              </>
            ),
          },
          {
            value: 'display',
            label: 'Display',
            content: (
              <>
                <Switch
                  label="Focus Mode"
                  description="Hides the header, footer and navigation. Esc with shortcuts on, or this switch, brings them back."
                  checked={s.focusMode}
                  onCheckedChange={setFocusMode}
                />
                <Switch
                  label="Fullscreen Mode"
                  description={
                    fullscreenSupported()
                      ? undefined
                      : 'This browser does not allow fullscreen here.'
                  }
                  checked={s.fullscreen}
                  disabled={!fullscreenSupported()}
                  onCheckedChange={(on) => attempt(() => setFullscreen(on))}
                />
                <Switch
                  label="Background Blur"
                  description="Blurs everything around the main content."
                  checked={s.backgroundBlur}
                  onCheckedChange={setBackgroundBlur}
                />
                <Switch
                  label="Multi-Monitor Support"
                  description={
                    multi ? 'Opens the breathing guide on your other display.' : MULTI_DISPLAY_NOTE
                  }
                  checked={s.multiMonitor}
                  disabled={!multi}
                  onCheckedChange={(on) => attempt(() => setMultiMonitor(on))}
                />
                <Switch
                  label="Picture-in-Picture"
                  description={
                    pip
                      ? 'Keeps a small box-breathing guide on top of other windows.'
                      : PIP_UNSUPPORTED_NOTE
                  }
                  checked={s.pip}
                  disabled={!pip}
                  onCheckedChange={(on) => attempt(() => setPictureInPicture(on))}
                />
              </>
            ),
          },
          {
            value: 'controls',
            label: 'Controls',
            content: (
              <>
                <Switch
                  label="Enable Shortcuts"
                  checked={s.shortcuts}
                  onCheckedChange={setShortcuts}
                />
                <ul className="dp-shortcuts" aria-label="Keyboard shortcuts">
                  {SHORTCUTS.slice(0, 6).map((k) => (
                    <li key={k.key}>
                      <kbd>{k.key}</kbd> {k.label}
                    </li>
                  ))}
                </ul>
                <p className="muted dp-note">
                  While a session runs: Space pauses or resumes it, M turns its sound off or on, R
                  starts it again from the first breath, Esc stops it. F and P work on any page;
                  Esc also leaves focus mode and picture-in-picture. With no session running, Space
                  scrolls the page as usual.
                </p>
                <Switch
                  label="Notification Suppression"
                  description="Hides the app's pop-up notifications."
                  checked={s.suppressNotifications}
                  onCheckedChange={setSuppressNotifications}
                />
              </>
            ),
          },
          {
            value: 'advanced',
            label: 'Advanced',
            content: (
              <>
                <ul className="dp-caps" aria-label="What this browser supports">
                  {readCapabilities().map((c) => (
                    <li key={c.label}>
                      <span aria-hidden="true" className={c.available ? 'dp-yes' : 'dp-no'}>
                        {c.available ? '✓' : '✗'}
                      </span>{' '}
                      {c.label}
                      <span className="visually-hidden">
                        {c.available ? ': available' : ': not available'}
                      </span>
                    </li>
                  ))}
                </ul>
                <h3 className="dp-subtitle">Tips</h3>
                <ol className="dp-tips">
                  {TIPS.map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                </ol>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
