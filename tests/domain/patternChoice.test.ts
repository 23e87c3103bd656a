import { describe, expect, it } from 'vitest';
import {
  TARGET_CYCLES,
  choosePattern,
  sessionConfigFor,
} from '../../src/domain/patternChoice';
import { isSessionMode } from '../../src/domain/sessionModes';

describe('session modes', () => {
  it('accepts classic, enhanced and mobile only', () => {
    expect(isSessionMode('classic')).toBe(true);
    expect(isSessionMode('enhanced')).toBe(true);
    expect(isSessionMode('mobile')).toBe(true);
    expect(isSessionMode('advanced')).toBe(false);
    expect(isSessionMode('')).toBe(false);
  });

  it('has the target cycles and the mode presets', () => {
    expect(TARGET_CYCLES).toEqual({ classic: 10, enhanced: 15, mobile: 8 });
    const p = choosePattern({});
    expect(sessionConfigFor('classic', p)).toMatchObject({
      mode: 'basic',
      enableCamera: false,
      targetCycles: 10,
      enableAudio: true,
    });
    expect(sessionConfigFor('enhanced', p)).toMatchObject({
      mode: 'enhanced',
      enableCamera: true,
      targetCycles: 15,
    });
    expect(sessionConfigFor('mobile', p)).toMatchObject({
      mode: 'basic',
      enableCamera: false,
      targetCycles: 8,
    });
  });
});

describe('pattern choice precedence', () => {
  const nav = {
    name: 'Handed over',
    phases: { inhale: 3, hold: 1, exhale: 5, pause: 2 },
    difficulty: 'Beginner',
    benefits: ['x'],
  };
  const stored = {
    id: 'mine',
    name: 'Stored one',
    inhale: 6,
    hold: 0,
    exhale: 6,
    hold_after_exhale: 0,
    benefits: [],
  };

  it('1. a URL param in the catalogue wins over everything', () => {
    const p = choosePattern({ urlParam: 'sleep', navigationState: nav, stored });
    expect(p).toMatchObject({
      id: 'sleep',
      source: 'url',
      inhale: 4,
      hold: 6,
      exhale: 8,
      hold_after_exhale: 3,
    });
  });

  it('2. a URL param naming a custom pattern found locally is next', () => {
    const custom = {
      id: 'c-1',
      name: 'My calm',
      inhale: 5,
      hold: 2,
      exhale: 7,
      hold_after_exhale: 0,
      benefits: ['calm'],
    };
    expect(
      choosePattern({ urlParam: 'c-1', customPattern: custom, navigationState: nav }),
    ).toMatchObject({
      id: 'c-1',
      source: 'custom',
      exhale: 7,
    });
    // A custom row with a different id is not what the URL asked for.
    expect(
      choosePattern({ urlParam: 'c-2', customPattern: custom, navigationState: nav }).source,
    ).toBe('navigation');
  });

  it('3. otherwise navigation state (pattern handed to a session)', () => {
    expect(choosePattern({ urlParam: 'unknown', navigationState: nav, stored })).toMatchObject({
      name: 'Handed over',
      source: 'navigation',
      inhale: 3,
      hold: 1,
      exhale: 5,
      hold_after_exhale: 2,
      difficulty: 'Beginner',
    });
    expect(choosePattern({ navigationState: { pattern: { id: 'relaxation' } } })).toMatchObject({
      id: 'relaxation',
      source: 'navigation',
    });
  });

  it('4. otherwise the stored selection (discovery shape and library shape)', () => {
    expect(choosePattern({ stored })).toMatchObject({ id: 'mine', source: 'stored', inhale: 6 });
    const library = {
      key: 'lib-1',
      name: 'From library',
      phases: [
        { name: 'inhale', duration: 4000 },
        { name: 'hold', duration: 0 },
        { name: 'exhale', duration: 6000 },
        { name: 'hold_after_exhale', duration: 1000 },
      ],
      cycles: 5,
      hasBreathHold: false,
    };
    expect(choosePattern({ stored: library })).toMatchObject({
      id: 'lib-1',
      inhale: 4,
      hold: 0,
      exhale: 6,
      hold_after_exhale: 1,
    });
    expect(
      choosePattern({
        stored: { key: 'wim_hof', name: 'Wim Hof', phases: [], cycles: 5, hasBreathHold: false },
      }),
    ).toMatchObject({
      id: 'wim_hof',
      hasBreathHold: true,
    });
  });

  it('5. otherwise box', () => {
    expect(choosePattern({})).toMatchObject({
      id: 'box',
      source: 'default',
      inhale: 4,
      hold: 4,
      exhale: 4,
      hold_after_exhale: 4,
    });
    expect(choosePattern({ urlParam: '', navigationState: null, stored: 'garbage' }).id).toBe(
      'box',
    );
  });

  it('skips unusable candidates instead of crashing', () => {
    const broken = { name: 'broken', inhale: -1, hold: 0, exhale: 4, hold_after_exhale: 0 };
    expect(choosePattern({ navigationState: broken, stored: { inhale: 'x' } }).source).toBe(
      'default',
    );
    expect(choosePattern({ navigationState: [1, 2], stored })).toMatchObject({ source: 'stored' });
    expect(choosePattern({ stored: { phases: [{ name: 'inhale' }, 'x'] } }).source).toBe('default');
    expect(choosePattern({ stored: null }).source).toBe('default');
  });

  it('normalises names, benefits and difficulty defensively', () => {
    const p = choosePattern({
      stored: { inhale: 4, exhale: 4, name: '  ', benefits: ['a', 3], difficulty: 'Expert' },
    });
    expect(p).toMatchObject({
      source: 'stored',
      name: 'Custom pattern',
      benefits: ['a'],
      difficulty: undefined,
      hold: 0,
      hold_after_exhale: 0,
    });
    expect(p.id).toBe('custom:Custom pattern');
  });
});
