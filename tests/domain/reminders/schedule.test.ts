import { describe, expect, it } from 'vitest';
import { describeReminder, nextOccurrence, reminderProblem, type Reminder } from '../../../src/domain/reminders/schedule';

/**
 * When a reminder is next due, in the zone's wall-clock time (the push scheduler and the
 * in-app timer use it). Expected instants are written by hand from the published 2027
 * clock changes (EU: 28 March 01:00Z forward, 31 October 01:00Z back). Does not prove:
 * zones whose rules change after the platform's zone data was built.
 */

const r = (days: number[], time: string): Reminder => ({ id: 'x', days, time, patternId: 'box', patternName: 'Box' });

describe('nextOccurrence', () => {
  it('is strictly after the given instant, on one of the days, at the local time', () => {
    const fri0730 = Date.parse('2026-11-27T06:30:00Z'); // Friday 07:30 in Paris
    expect(nextOccurrence(r([5], '07:30'), 'Europe/Paris', fri0730 - 1)).toBe(fri0730);
    expect(new Date(nextOccurrence(r([5], '07:30'), 'Europe/Paris', fri0730)).toISOString()).toBe('2026-12-04T06:30:00.000Z');
    expect(new Date(nextOccurrence(r([1], '07:30'), 'Europe/Paris', fri0730)).toISOString()).toBe('2026-11-30T06:30:00.000Z');
  });

  it('follows clock changes: 07:30 stays 07:30, a skipped 02:30 rings at 03:30, a doubled 02:30 rings once', () => {
    const sat = Date.parse('2027-03-27T12:00:00Z');
    expect(new Date(nextOccurrence(r([0], '07:30'), 'Europe/Paris', sat)).toISOString()).toBe('2027-03-28T05:30:00.000Z');
    expect(new Date(nextOccurrence(r([0], '02:30'), 'Europe/Paris', sat)).toISOString()).toBe('2027-03-28T01:30:00.000Z');
    const satOct = Date.parse('2027-10-30T12:00:00Z');
    const first = nextOccurrence(r([0], '02:30'), 'Europe/Paris', satOct);
    expect(new Date(first).toISOString()).toBe('2027-10-31T00:30:00.000Z');
    expect(new Date(nextOccurrence(r([0], '02:30'), 'Europe/Paris', first)).toISOString()).toBe('2027-11-07T01:30:00.000Z');
  });

  it('refuses an unknown zone', () => {
    expect(() => nextOccurrence(r([1], '07:30'), 'Mars/Olympus', 0)).toThrow(/Unknown time zone/);
  });
});

describe('reminderProblem and describeReminder', () => {
  it('explains what is wrong in words', () => {
    expect(reminderProblem(r([], '07:30'))).toBe('Choose at least one day.');
    expect(reminderProblem(r([7], '07:30'))).toBe('A day must be Sunday to Saturday.');
    expect(reminderProblem(r([1, 1], '07:30'))).toBe('A day is chosen twice.');
    expect(reminderProblem(r([1], '7:30'))).toBe('Choose a time as hours and minutes (HH:MM).');
    expect(reminderProblem(r([1], '24:00'))).toBe('Choose a time as hours and minutes (HH:MM).');
    expect(reminderProblem(r([1], '23:59'))).toBeNull();
  });

  it('reads as people say it', () => {
    expect(describeReminder(r([0, 1, 2, 3, 4, 5, 6], '07:30'))).toBe('Every day at 07:30');
    expect(describeReminder(r([5, 1, 2, 3, 4], '07:30'))).toBe('Weekdays at 07:30');
    expect(describeReminder(r([0, 3], '21:15'))).toBe('Wed, Sun at 21:15');
  });
});
