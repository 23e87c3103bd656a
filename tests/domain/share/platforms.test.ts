import { describe, expect, it } from 'vitest';
import { availablePlatforms, intentUrl, mobilePlatforms } from '../../../src/domain/share/platforms';
import { isOptimalPostingTime, nextPostingWindows } from '../../../src/domain/share/postingTimes';

describe('share platforms', () => {
  it('the share sheet only where the browser has the Web Share API', () => {
    expect(availablePlatforms(false).map((p) => p.id)).not.toContain('device');
    expect(availablePlatforms(true).map((p) => p.id)).toContain('device');
    expect(mobilePlatforms(true).map((p) => p.id)).toEqual(['community', 'device']);
    expect(mobilePlatforms(false).map((p) => p.id)).toEqual(['community', 'x']);
  });

  it('share pages carry the encoded text and the link', () => {
    const text = 'Calm & steady: 10/10 #breathe';
    const link = 'https://pneuma.example/';
    const x = new URL(intentUrl('x', text, link)!);
    expect(x.origin + x.pathname).toBe('https://twitter.com/intent/tweet');
    expect(x.searchParams.get('text')).toBe(text);
    expect(x.searchParams.get('url')).toBe(link);
    expect(new URL(intentUrl('whatsapp', text, link)!).searchParams.get('text')).toBe(`${text} ${link}`);
    expect(new URL(intentUrl('telegram', text, link)!).searchParams.get('text')).toBe(text);
    expect(new URL(intentUrl('facebook', text, link)!).searchParams.get('u')).toBe(link);
    expect(new URL(intentUrl('linkedin', text, link)!).searchParams.get('url')).toBe(link);
    expect(intentUrl('email', text, link)).toBe(
      `mailto:?subject=My%20breathing%20practice&body=${encodeURIComponent(`${text}\n\n${link}`)}`,
    );
    expect(intentUrl('community', text, link)).toBeUndefined();
  });
});

describe('optimal posting times (local time)', () => {
  const at = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min);

  it('weekdays 7-9, 12-13, 17-19; weekends 9-11, 14-16', () => {
    // 2026-11-23 is a Monday, 2026-11-28 a Saturday.
    // From 3 in the morning, the next windows are that day's.
    expect(nextPostingWindows(at(2026, 11, 23, 3), 3).map((w) => [w.start.getHours(), w.end.getHours()])).toEqual([[7, 9], [12, 13], [17, 19]]);
    expect(nextPostingWindows(at(2026, 11, 28, 3), 2).map((w) => [w.start.getHours(), w.end.getHours()])).toEqual([[9, 11], [14, 16]]);
    expect(isOptimalPostingTime(at(2026, 11, 23, 7))).toBe(true);
    expect(isOptimalPostingTime(at(2026, 11, 23, 8, 59))).toBe(true);
    expect(isOptimalPostingTime(at(2026, 11, 23, 9))).toBe(false);
    expect(isOptimalPostingTime(at(2026, 11, 28, 7))).toBe(false);
    expect(isOptimalPostingTime(at(2026, 11, 29, 15))).toBe(true);
  });

  it('the next windows: one under way first, then the following ones across days', () => {
    const during = nextPostingWindows(at(2026, 11, 23, 12, 30), 3);
    expect(during.map((w) => w.start)).toEqual([at(2026, 11, 23, 12), at(2026, 11, 23, 17), at(2026, 11, 24, 7)]);
    const friday = nextPostingWindows(at(2026, 11, 27, 20), 2);
    expect(friday.map((w) => w.start)).toEqual([at(2026, 11, 28, 9), at(2026, 11, 28, 14)]);
  });
});
