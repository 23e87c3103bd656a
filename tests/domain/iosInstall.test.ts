/**
 * Who is offered 'Add to Home Screen' (src/domain/iosInstall.ts), with the user-agent strings
 * real browsers send (Safari 18 on iPhone and iPad, Chrome, Firefox and Edge on iOS,
 * Safari on a Mac, Chrome on Android).
 * Does not prove: that a future iOS browser's string is told apart (they change), nor the
 * hint's look (e2e-engines/ takes its screenshot in WebKitGTK).
 */
import { describe, expect, it } from 'vitest';
import { offerIosInstallHint } from '../../src/domain/iosInstall';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Mobile/15E148 Safari/604.1',
  ipadDesktopSafari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.4 Safari/605.1.15',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
  iphoneEdge:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.68 Mobile/15E148 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

const facts = (userAgent: string, maxTouchPoints = 5, standalone = false) => ({ userAgent, maxTouchPoints, standalone });

/** Offered on a first visit in a browser tab: only Safari on iOS qualifies. */
const isIosSafari = (f: ReturnType<typeof facts>) => offerIosInstallHint(f, false);

describe('which browser is offered the hint', () => {
  it('Safari on an iPhone, and on an iPad that asks for the desktop site', () => {
    expect(isIosSafari(facts(UA.iphoneSafari))).toBe(true);
    expect(isIosSafari(facts(UA.ipadDesktopSafari, 5))).toBe(true);
  });
  it('not Safari on a Mac (no touch), nor other iOS browsers, nor Android', () => {
    expect(isIosSafari(facts(UA.ipadDesktopSafari, 0))).toBe(false);
    expect(isIosSafari(facts(UA.iphoneChrome))).toBe(false);
    expect(isIosSafari(facts(UA.iphoneFirefox))).toBe(false);
    expect(isIosSafari(facts(UA.iphoneEdge))).toBe(false);
    expect(isIosSafari(facts(UA.androidChrome))).toBe(false);
  });
});

describe('offerIosInstallHint', () => {
  it('offers once, and never when opened from the Home Screen', () => {
    expect(offerIosInstallHint(facts(UA.iphoneSafari), false)).toBe(true);
    expect(offerIosInstallHint(facts(UA.iphoneSafari), true)).toBe(false);
    expect(offerIosInstallHint(facts(UA.iphoneSafari, 5, true), false)).toBe(false);
  });
});
