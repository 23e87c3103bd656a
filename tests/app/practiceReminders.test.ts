// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The in-app way of a practice reminder: with reminders stored, a timer fires at the next
 * one's local time (the device's zone, set to UTC here), shows a message
 * naming the pattern, and re-arms for the next. Does not prove: the toast's look (the
 * toaster is replaced here), nor that a browser keeps timers of a background tab on time.
 */

// The device's zone for this test (Node applies a TZ change to Date and Intl at once).
process.env.TZ = 'UTC';

const shown: string[] = [];
vi.mock('../../src/ui/toast', () => ({ notify: { info: (title: string) => void shown.push(title) } }));

describe('in-app practice reminders', () => {
  beforeEach(() => {
    shown.length = 0;
    localStorage.clear();
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-27T07:29:00Z')); // a Friday
  });
  afterEach(() => vi.useRealTimers());

  it('fires at each reminder time while the app is open, and not before', async () => {
    const m = await import('../../src/app/practiceReminders');
    expect(m.deviceTimeZone()).toBe('UTC');
    m.writePracticeReminders([
      { id: 'a', days: [5], time: '07:30', patternId: 'box', patternName: 'Box Breathing' },
      { id: 'b', days: [5], time: '08:00', patternId: 'relaxation', patternName: '4-7-8 Relaxation' },
    ]);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(shown).toEqual(['Time to practice: Box Breathing']);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(shown).toEqual(['Time to practice: Box Breathing', 'Time to practice: 4-7-8 Relaxation']);
    // Removing them stops the timer.
    m.writePracticeReminders([]);
    await vi.advanceTimersByTimeAsync(7 * 24 * 3_600_000);
    expect(shown).toHaveLength(2);
  });
});
