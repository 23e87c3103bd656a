/**
 * Who is offered 'Add to Home Screen' (src/domain/iosInstall.ts), with the user-agent strings
 * real browsers send (Safari 18 on iPhone and iPad, Chrome, Firefox and Edge on iOS,
 * Safari on a Mac, Chrome on Android).
 * Does not prove: that a future iOS browser's string is told apart (they change), nor the
 * hint's look (e2e-engines/ takes its screenshot in WebKitGTK).
 */
import { describe, expect, it } from 'vitest';
import { installHintKind } from '../../src/domain/iosInstall';

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

const facts = (userAgent: string, maxTouchPoints = 5, standalone = false) => ({
  userAgent,
  maxTouchPoints,
  standalone,
});

type Facts = ReturnType<typeof facts>;
const ready = { ready: true, alreadyShown: false, promptAvailable: false };
/** Offered in a browser tab without an install prompt: only Safari on iOS gets its steps. */
const isIosSafari = (f: Facts) => installHintKind(f, ready) === 'ios-safari';

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

describe('installHintKind', () => {
  it('offers once, and never when opened from the Home Screen', () => {
    expect(installHintKind(facts(UA.iphoneSafari), ready)).toBe('ios-safari');
    expect(installHintKind(facts(UA.iphoneSafari), { ...ready, alreadyShown: true })).toBeNull();
    expect(installHintKind(facts(UA.iphoneSafari, 5, true), ready)).toBeNull();
  });
  it('never while the welcome shows (not ready)', () => {
    expect(installHintKind(facts(UA.iphoneSafari), { ...ready, ready: false })).toBeNull();
    expect(
      installHintKind(facts(UA.androidChrome), { ...ready, ready: false, promptAvailable: true }),
    ).toBeNull();
  });
  it("Safari's steps only in Safari on iOS; elsewhere only the browser's own install prompt", () => {
    // Safari's wording even if an iOS browser someday fired the prompt: its steps are the way there.
    expect(installHintKind(facts(UA.iphoneSafari), { ...ready, promptAvailable: true })).toBe(
      'ios-safari',
    );
    expect(installHintKind(facts(UA.androidChrome), { ...ready, promptAvailable: true })).toBe(
      'prompt',
    );
    expect(installHintKind(facts(UA.iphoneChrome), { ...ready, promptAvailable: true })).toBe(
      'prompt',
    );
    // No prompt fired (Firefox, Safari on a Mac, Chrome on iOS): nothing, never Safari's steps.
    expect(installHintKind(facts(UA.androidChrome), ready)).toBeNull();
    expect(installHintKind(facts(UA.iphoneChrome), ready)).toBeNull();
    expect(installHintKind(facts(UA.ipadDesktopSafari, 0), ready)).toBeNull();
  });
});
