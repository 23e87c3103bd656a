/**
 * Real figures for the desktop panel: what the browser reports and what can be
 * measured from the page. Anything the browser cannot tell (CPU load, GPU load) is left
 * out rather than invented.
 */
import { API_PREFIX } from '../../contracts/endpoint';
import { HEALTH_API } from '../../contracts/health';

export interface DeviceFacts {
  cores?: number;
  /** GB, as rounded by the browser (Chromium only). */
  memoryGb?: number;
  online: boolean;
  /** Network Information API (Chromium): slow-2g, 2g, 3g or 4g. */
  effectiveType?: string;
  /** WebGL renderer string, when the browser exposes it. */
  gpu?: string;
}

export function readDeviceFacts(): DeviceFacts {
  const nav = navigator as Navigator & {
    deviceMemory?: number;
    connection?: { effectiveType?: string };
  };
  const facts: DeviceFacts = { online: navigator.onLine };
  if (typeof nav.hardwareConcurrency === 'number' && nav.hardwareConcurrency > 0)
    facts.cores = nav.hardwareConcurrency;
  if (typeof nav.deviceMemory === 'number') facts.memoryGb = nav.deviceMemory;
  if (nav.connection?.effectiveType) facts.effectiveType = nav.connection.effectiveType;
  const gpu = readGpuRenderer();
  if (gpu) facts.gpu = gpu;
  return facts;
}

function readGpuRenderer(): string | undefined {
  try {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl');
    if (!gl) return undefined;
    const ext = gl.getExtension('WEBGL_debug_renderer_info');
    const r = ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return typeof r === 'string' && r ? r : undefined;
  } catch {
    return undefined;
  }
}

/** Renderers that name a discrete GPU. Integrated and software renderers do not match. */
export function isDedicatedGpu(renderer: string | undefined): boolean {
  if (!renderer) return false;
  if (
    /swiftshader|llvmpipe|software|microsoft basic|intel|apple m\d|mali|adreno|powervr/i.test(
      renderer,
    )
  )
    return false;
  return /nvidia|geforce|quadro|rtx|gtx|radeon rx|radeon pro|amd radeon(?! graphics)|arc a\d/i.test(
    renderer,
  );
}

/** Frames per second over `ms`, counted with requestAnimationFrame. */
export function measureFrameRate(ms = 1000): Promise<number> {
  return new Promise((resolve) => {
    let frames = 0;
    let start = 0;
    const tick = (t: number) => {
      if (!start) start = t;
      else frames += 1;
      if (t - start >= ms) resolve(Math.round((frames * 1000) / (t - start)));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/** Median round trip to the backend health endpoint over `samples` tries, in ms; null when unreachable. */
export async function measureLatency(
  samples = 3,
  url = API_PREFIX + HEALTH_API.backend.path,
): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    try {
      const res = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(3000) });
      if (!res.ok) continue;
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    } catch {
      // unreachable this time
    }
  }
  if (times.length === 0) return null;
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]!);
}

interface Capability {
  label: string;
  available: boolean;
}

/** What this browser can do for a session (feature detection only). */
export function readCapabilities(): Capability[] {
  const w = window as unknown as Record<string, unknown>;
  const nav = navigator as unknown as Record<string, unknown>;
  return [
    { label: 'Offline use (service worker)', available: 'serviceWorker' in navigator },
    { label: 'Local storage (IndexedDB)', available: 'indexedDB' in window },
    { label: 'Audio cues (Web Audio)', available: 'AudioContext' in window },
    { label: 'Keep the screen awake (Wake Lock)', available: 'wakeLock' in navigator },
    { label: 'Haptics (vibration)', available: typeof nav.vibrate === 'function' },
    { label: 'Camera', available: Boolean(navigator.mediaDevices?.getUserMedia) },
    { label: 'Fullscreen', available: Boolean(document.fullscreenEnabled) },
    { label: 'Picture-in-picture window', available: 'documentPictureInPicture' in w },
    { label: 'Background sync', available: 'SyncManager' in w },
    {
      label: 'Multiple displays',
      available: (screen as Screen & { isExtended?: boolean }).isExtended === true,
    },
  ];
}
