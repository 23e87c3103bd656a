import type { Page } from '@playwright/test';

/**
 * The session's rendered cue track (`window.__pneumaCueTrack`, its WAV blob) decoded by the
 * page's own Chromium: the RMS and peak between `fromS` and `toS`, and the peak over the whole
 * track. Null when the page has no track. Used by the sound-bed and wind-down specs.
 */
export function measureCueTrack(page: Page, fromS: number, toS: number) {
  return page.evaluate(
    async ([a, b]) => {
      const track = (window as unknown as { __pneumaCueTrack?: { blob: Blob } }).__pneumaCueTrack;
      if (!track) return null;
      const ctx = new OfflineAudioContext(1, 1, 8000);
      const buf = await ctx.decodeAudioData(await track.blob.arrayBuffer());
      const data = buf.getChannelData(0);
      const from = Math.round(a! * buf.sampleRate);
      const to = Math.min(data.length, Math.round(b! * buf.sampleRate));
      let sum = 0;
      let windowPeak = 0;
      for (let k = from; k < to; k++) {
        sum += data[k]! ** 2;
        windowPeak = Math.max(windowPeak, Math.abs(data[k]!));
      }
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      return { rms: Math.sqrt(sum / (to - from)), windowPeak, peak };
    },
    [fromS, toS],
  );
}
