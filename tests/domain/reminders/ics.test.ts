import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendar } from '../../../src/domain/reminders/ics';
import type { Reminder } from '../../../src/domain/reminders/schedule';

/**
 * The 'Add to calendar' file read back by Mozilla's ical.js (the RFC 5545 parser of
 * Thunderbird), not by our own code: its recurrence expansion, resolved through the
 * VTIMEZONE we wrote, must give the instants a person in that zone expects (written out by
 * hand below from the published clock-change dates: EU 28 Mar / 31 Oct 2027, US 14 Mar 2027,
 * Sydney 4 Apr / 3 Oct 2027). Does not prove: how each calendar app imports the file
 * (Google, Apple, Outlook), nor zone rules that change after the file is written.
 */

const NOW = new Date('2026-11-27T10:30:00Z'); // a Friday
const box: Reminder = { id: 'r-box', days: [1, 3, 5], time: '07:30', patternId: 'box', patternName: 'Box Breathing' };

function physicalLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare CR or LF
  return text.slice(0, -2).split('\r\n');
}

function occurrences(text: string, count: number, eventIndex = 0): string[] {
  const root = new ICAL.Component(ICAL.parse(text));
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const fresh = new ICAL.Component(ICAL.parse(text));
  const ev = new ICAL.Event(fresh.getAllSubcomponents('vevent')[eventIndex]!);
  const it = ev.iterator();
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = it.next();
    if (!t) break;
    out.push(t.toJSDate().toISOString());
  }
  for (const tz of root.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.remove(tz.getFirstPropertyValue('tzid') as string);
  return out;
}

describe('the .ics calendar file', () => {
  it('is one VCALENDAR with one VEVENT, RRULE and VALARM per reminder, CRLF lines of at most 75 octets', () => {
    const breathe: Reminder = { id: 'r-478', days: [0, 6], time: '21:15', patternId: '4-7-8', patternName: 'Relax, 4-7-8; evening' };
    const text = buildCalendar([box, breathe], { timeZone: 'Europe/Paris', origin: 'https://pneuma.example/', now: NOW });
    for (const l of physicalLines(text)) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = cal.getAllSubcomponents('vevent');
    expect(events).toHaveLength(2);
    const tzids = cal.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'));
    expect(tzids).toEqual(['Europe/Paris']);
    for (const ev of events) {
      expect(ev.getAllProperties('rrule')).toHaveLength(1);
      expect(ev.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/Paris');
      expect(ev.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-27T10:30:00Z');
      const alarms = ev.getAllSubcomponents('valarm');
      expect(alarms).toHaveLength(1);
      expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
      expect(String(alarms[0]!.getFirstPropertyValue('trigger'))).toBe('PT0S');
    }
    const second = events[1]!;
    expect(second.getFirstPropertyValue('uid')).toBe('r-478@pneuma');
    expect(second.getFirstPropertyValue('summary')).toBe('Practice: Relax, 4-7-8; evening'); // escaped and read back
    expect(second.getFirstPropertyValue('url')).toBe('https://pneuma.example/session/classic?pattern=4-7-8');
    expect(String(second.getFirstPropertyValue('rrule'))).toBe('FREQ=WEEKLY;BYDAY=SU,SA');
  });

  it('Paris, Mon/Wed/Fri 07:30: 06:30Z in winter, 05:30Z in summer, across both 2027 changes', () => {
    const text = buildCalendar([box], { timeZone: 'Europe/Paris', origin: 'https://p.example', now: NOW });
    const all = occurrences(text, 200);
    expect(all.slice(0, 3)).toEqual(['2026-11-30T06:30:00.000Z', '2026-12-02T06:30:00.000Z', '2026-12-04T06:30:00.000Z']);
    expect(all).toContain('2027-03-26T06:30:00.000Z'); // Friday before the change (CET)
    expect(all).toContain('2027-03-29T05:30:00.000Z'); // Monday after (CEST)
    expect(all).toContain('2027-10-29T05:30:00.000Z'); // Friday before the change back
    expect(all).toContain('2027-11-01T06:30:00.000Z');
    expect(all).not.toContain('2027-03-29T06:30:00.000Z');
  });

  it('Los Angeles, Tuesday 22:00: the day is the local one (Wednesday in UTC), DST from 14 Mar 2027', () => {
    const r: Reminder = { ...box, id: 'r-la', days: [2], time: '22:00' };
    const all = occurrences(buildCalendar([r], { timeZone: 'America/Los_Angeles', origin: 'https://p.example', now: NOW }), 30);
    expect(all[0]).toBe('2026-12-02T06:00:00.000Z'); // Tue 1 Dec 22:00 PST
    expect(all).toContain('2027-03-10T06:00:00.000Z'); // Tue 9 Mar PST
    expect(all).toContain('2027-03-17T05:00:00.000Z'); // Tue 16 Mar PDT
  });

  it('Sydney (southern summer time) and Kolkata (+05:30, no changes)', () => {
    const r: Reminder = { ...box, id: 'r-s', days: [0], time: '08:00' };
    const syd = occurrences(buildCalendar([r], { timeZone: 'Australia/Sydney', origin: 'https://p.example', now: NOW }), 60);
    expect(syd).toContain('2027-03-27T21:00:00.000Z'); // Sun 28 Mar 08:00 AEDT (+11)
    expect(syd).toContain('2027-04-03T22:00:00.000Z'); // Sun 4 Apr 08:00 AEST (+10), the change day itself
    expect(syd).toContain('2027-09-25T22:00:00.000Z'); // Sun 26 Sep 08:00 AEST
    expect(syd).toContain('2027-10-02T21:00:00.000Z'); // Sun 3 Oct 08:00 AEDT: clocks went forward at 02:00 that morning
    expect(syd).not.toContain('2027-10-02T22:00:00.000Z');
    const kol = buildCalendar([r], { timeZone: 'Asia/Kolkata', origin: 'https://p.example', now: NOW });
    expect(kol).toContain('TZOFFSETTO:+0530');
    expect(occurrences(kol, 1)).toEqual(['2026-11-29T02:30:00.000Z']);
  });

  it('UTC: DTSTART in UTC and no VTIMEZONE', () => {
    const text = buildCalendar([box], { timeZone: 'UTC', origin: 'https://p.example', now: NOW });
    expect(text).not.toContain('VTIMEZONE');
    expect(text).toContain('DTSTART:20261130T073000Z');
    expect(occurrences(text, 2)).toEqual(['2026-11-30T07:30:00.000Z', '2026-12-02T07:30:00.000Z']);
  });

  it('folds long lines without splitting a UTF-8 character, and unfolds to the same text', () => {
    const long: Reminder = { ...box, patternName: 'Atme ruhig ein – '.repeat(12).trim() };
    const folded = buildCalendar([long], { timeZone: 'Europe/Berlin', origin: 'https://p.example', now: NOW });
    for (const l of folded.split('\r\n')) expect(new TextEncoder().encode(l).length).toBeLessThanOrEqual(75);
    expect(folded).toContain('\r\n '); // some line was folded
    expect(folded.replace(/\r\n /g, '').split('\r\n')).toContain(`SUMMARY:Practice: ${long.patternName}`);
    const r: Reminder = { ...box, patternName: 'Ruhiges Atmen – langsam, tief und gleichmäßig, jeden Morgen vor der Arbeit' };
    const cal = new ICAL.Component(ICAL.parse(buildCalendar([r], { timeZone: 'Europe/Berlin', origin: 'https://p.example', now: NOW })));
    expect(cal.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary')).toBe(`Practice: ${r.patternName}`);
  });

  it('refuses an empty list', () => {
    expect(() => buildCalendar([], { timeZone: 'UTC', origin: 'https://p.example', now: NOW })).toThrow(/at least one/);
  });
});
