import { describe, expect, it } from 'vitest';
import {
  goalTimeNow,
  homeGreeting,
  isOptimalTime,
  libraryGreeting,
  recommendationWindow,
  recommendedForNow,
} from '../../src/domain/timeBands';

const MORNING = 'Good morning! Ready to start your day mindfully?';
const AFTERNOON = 'Good afternoon! Time for a mindful break?';
const EVENING = "Good evening! Let's wind down together.";

describe('home greeting', () => {
  it.each([
    [0, MORNING],
    [11, MORNING],
    [12, AFTERNOON],
    [16, AFTERNOON],
    [17, EVENING],
    [23, EVENING],
  ])('hour %i', (h, text) => expect(homeGreeting(h)).toBe(text));

  it('covers every hour with one of the three greetings', () => {
    for (let h = 0; h < 24; h++) expect([MORNING, AFTERNOON, EVENING]).toContain(homeGreeting(h));
  });

  it.each([-1, 24, 7.5, Number.NaN])('rejects hour %s with a clear error', (h) => {
    expect(() => homeGreeting(h)).toThrow(/whole number from 0 to 23/);
  });
});

describe('library greeting and Recommended for now', () => {
  it.each([
    [5, 'Good night', ['sleep', 'relaxation']],
    [6, 'Good morning', ['energy', 'box']],
    [11, 'Good morning', ['energy', 'box']],
    [12, 'Good afternoon', ['box', 'mindfulness']],
    [16, 'Good afternoon', ['box', 'mindfulness']],
    [17, 'Good evening', ['relaxation', 'box']],
    [20, 'Good evening', ['relaxation', 'box']],
    [21, 'Good night', ['sleep', 'relaxation']],
    [0, 'Good night', ['sleep', 'relaxation']],
  ])('hour %i', (h, greeting, ids) => {
    expect(libraryGreeting(h)).toBe(greeting);
    expect(recommendedForNow(h)).toEqual(ids);
  });
});

describe('recommendation windows', () => {
  it.each([
    [5, 'night'],
    [6, 'morning'],
    [9, 'morning'],
    [10, 'midday'],
    [13, 'midday'],
    [14, 'afternoon'],
    [17, 'afternoon'],
    [18, 'evening'],
    [21, 'evening'],
    [22, 'night'],
    [23, 'night'],
    [0, 'night'],
  ])('hour %i is %s', (h, w) => expect(recommendationWindow(h)).toBe(w));
});

describe('goal time and Optimal Time badge', () => {
  it.each([
    [5, 'evening'],
    [6, 'morning'],
    [11, 'morning'],
    [12, null],
    [16, null],
    [17, 'evening'],
    [23, 'evening'],
  ])('hour %i is %s', (h, t) => expect(goalTimeNow(h)).toBe(t));

  it('any time is always optimal; morning only in the morning; evening only in the evening', () => {
    for (let h = 0; h < 24; h++) expect(isOptimalTime('any', h)).toBe(true);
    expect(isOptimalTime('morning', 8)).toBe(true);
    expect(isOptimalTime('morning', 12)).toBe(false);
    expect(isOptimalTime('morning', 20)).toBe(false);
    expect(isOptimalTime('evening', 20)).toBe(true);
    expect(isOptimalTime('evening', 14)).toBe(false);
    expect(isOptimalTime('evening', 9)).toBe(false);
  });
});
