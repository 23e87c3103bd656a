/**
 * What the desktop panel's toggles actually do. Module-level so a setting keeps working
 * after the panel closes (until the page reloads): focus mode and the other display
 * settings are data attributes on <html> read by desktop-panel.css; the shortcuts are a
 * real keydown listener; picture-in-picture opens a Document Picture-in-Picture window
 * with a box-breathing guide.
 */
import { useSyncExternalStore } from 'react';
import {
  SHORTCUTS,
  SHORTCUT_EVENT,
  actionForKey,
  sessionOwnsKey,
} from '../../domain/keyboardShortcuts';
import { isBreathingActive } from '../../app/activeBreathing';
import { changeSignal } from '../../ui/changeSignal';

interface PanelSettings {
  focusMode: boolean;
  backgroundBlur: boolean;
  suppressNotifications: boolean;
  shortcuts: boolean;
  fullscreen: boolean;
  pip: boolean;
  advancedMetrics: boolean;
  highPerformance: boolean;
  multiMonitor: boolean;
}

let settings: PanelSettings = {
  focusMode: false,
  backgroundBlur: false,
  suppressNotifications: false,
  shortcuts: false,
  fullscreen: typeof document !== 'undefined' && Boolean(document.fullscreenElement),
  pip: false,
  advancedMetrics: false,
  highPerformance: false,
  multiMonitor: false,
};
const changes = changeSignal();

function set(patch: Partial<PanelSettings>): void {
  settings = { ...settings, ...patch };
  changes.notify();
}

export function usePanelSettings(): PanelSettings {
  return useSyncExternalStore(
    changes.subscribe,
    () => settings,
    () => settings,
  );
}

function setRootFlag(name: string, on: boolean): void {
  if (on) document.documentElement.setAttribute(name, '');
  else document.documentElement.removeAttribute(name);
}

export function setFocusMode(on: boolean): void {
  setRootFlag('data-focus-mode', on);
  set({ focusMode: on });
}

export function setBackgroundBlur(on: boolean): void {
  setRootFlag('data-background-blur', on);
  set({ backgroundBlur: on });
}

export function setSuppressNotifications(on: boolean): void {
  setRootFlag('data-suppress-notifications', on);
  set({ suppressNotifications: on });
}

export function setAdvancedMetrics(on: boolean): void {
  set({ advancedMetrics: on });
}

/** Only offered when a dedicated GPU was detected: promotes the breathing guide to its own GPU layer (desktop-panel.css). */
export function setHighPerformance(on: boolean): void {
  setRootFlag('data-high-performance', on);
  set({ highPerformance: on });
}

// ---------------------------------------------------------------------------------------
// Fullscreen

export const fullscreenSupported = (): boolean =>
  typeof document !== 'undefined' && Boolean(document.fullscreenEnabled);

if (typeof document !== 'undefined') {
  document.addEventListener('fullscreenchange', () =>
    set({ fullscreen: Boolean(document.fullscreenElement) }),
  );
}

export async function setFullscreen(on: boolean): Promise<void> {
  if (on && !document.fullscreenElement) await document.documentElement.requestFullscreen();
  else if (!on && document.fullscreenElement) await document.exitFullscreen();
}

// ---------------------------------------------------------------------------------------
// Picture-in-picture (Document Picture-in-Picture API, Chromium 116+)

interface DocumentPictureInPicture {
  requestWindow(options?: { width?: number; height?: number }): Promise<Window>;
}

function pipApi(): DocumentPictureInPicture | undefined {
  return (window as unknown as { documentPictureInPicture?: DocumentPictureInPicture })
    .documentPictureInPicture;
}

export const pipSupported = (): boolean => typeof window !== 'undefined' && pipApi() !== undefined;

let pipWindow: Window | null = null;

const PIP_STYLE = `
body{margin:0;display:grid;place-items:center;height:100vh;background:#0f1d24;color:#e6f0ee;font:600 16px system-ui,sans-serif}
.c{width:120px;height:120px;border-radius:50%;background:#5cc3c9;animation:b 16s ease-in-out infinite}
.l{position:relative;height:1.4em;margin-top:16px;width:100%;text-align:center}
.l span{position:absolute;left:0;right:0;opacity:0;animation:t 16s linear infinite}
.l span:nth-child(2){animation-delay:4s}.l span:nth-child(3){animation-delay:8s}.l span:nth-child(4){animation-delay:12s}
@keyframes b{0%{transform:scale(.55)}25%,50%{transform:scale(1)}75%,100%{transform:scale(.55)}}
@keyframes t{0%,24.9%{opacity:1}25%,100%{opacity:0}}
@media (prefers-reduced-motion:reduce){.c{animation:none}}`;

/** Opens (or closes) a small always-on-top window with a 4-4-4-4 box-breathing guide. */
export async function setPictureInPicture(on: boolean): Promise<void> {
  if (!on) {
    pipWindow?.close();
    pipWindow = null;
    set({ pip: false });
    return;
  }
  const api = pipApi();
  if (!api) return;
  const w = await api.requestWindow({ width: 240, height: 240 });
  const style = w.document.createElement('style');
  style.textContent = PIP_STYLE;
  w.document.head.append(style);
  w.document.title = 'Box breathing guide';
  const wrap = w.document.createElement('div');
  wrap.style.textAlign = 'center';
  const circle = w.document.createElement('div');
  circle.className = 'c';
  const labels = w.document.createElement('div');
  labels.className = 'l';
  for (const text of ['Breathe in', 'Hold', 'Breathe out', 'Hold']) {
    const s = w.document.createElement('span');
    s.textContent = text;
    labels.append(s);
  }
  wrap.append(circle, labels);
  w.document.body.append(wrap);
  w.addEventListener('pagehide', () => {
    if (pipWindow === w) {
      pipWindow = null;
      set({ pip: false });
    }
  });
  pipWindow = w;
  set({ pip: true });
}

// ---------------------------------------------------------------------------------------
// Multiple displays (Window Management API)

export const multipleDisplays = (): boolean =>
  typeof window !== 'undefined' &&
  (window.screen as Screen & { isExtended?: boolean }).isExtended === true;

interface ScreenDetailed {
  availLeft: number;
  availTop: number;
  availWidth: number;
  availHeight: number;
}

/** Opens the breathing guide on another display (only offered when there is one). */
export async function setMultiMonitor(on: boolean): Promise<void> {
  if (!on) {
    set({ multiMonitor: false });
    return;
  }
  const get = (
    window as unknown as {
      getScreenDetails?: () => Promise<{
        screens: ScreenDetailed[];
        currentScreen: ScreenDetailed;
      }>;
    }
  ).getScreenDetails;
  if (!get) return;
  const details = await get.call(window);
  const other = details.screens.find((s) => s !== details.currentScreen);
  if (!other) return;
  window.open(
    '/session/classic?pattern=box',
    'pneuma-guide',
    `left=${other.availLeft},top=${other.availTop},width=${other.availWidth},height=${other.availHeight}`,
  );
  set({ multiMonitor: true });
}

// ---------------------------------------------------------------------------------------
// Keyboard shortcuts

export { SHORTCUTS };

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

function onKeyDown(e: KeyboardEvent): void {
  if (isTyping(e.target)) return;
  const action = actionForKey(e);
  if (!action) return;
  const notify = () =>
    window.dispatchEvent(new CustomEvent(SHORTCUT_EVENT, { detail: { action } }));
  if (sessionOwnsKey(action, isBreathingActive())) {
    notify();
    return;
  }
  // Space on a focused button or link keeps its normal meaning.
  if (
    action === 'toggle-play' &&
    (e.target as HTMLElement | null)?.closest?.('button, a, [role="switch"], [role="tab"]')
  )
    return;
  if (action === 'fullscreen')
    void setFullscreen(!document.fullscreenElement).catch(() => undefined);
  if (action === 'pip' && pipSupported())
    void setPictureInPicture(!settings.pip).catch(() => undefined);
  if (action === 'exit') {
    if (settings.focusMode) setFocusMode(false);
    if (settings.pip) void setPictureInPicture(false);
  }
  notify();
}

export function setShortcuts(on: boolean): void {
  if (on) window.addEventListener('keydown', onKeyDown);
  else window.removeEventListener('keydown', onKeyDown);
  set({ shortcuts: on });
}
