import { describe, expect, it } from 'vitest';
import {
  patternFromSuggestion,
  suggestionProblems,
  suggestPatternOnDevice,
} from '../../../src/domain/coach/suggestedPattern';
import { getPattern } from '../../../src/domain/patterns';
import { PATTERN_SUGGESTION } from './fixtures';

const suggestion = PATTERN_SUGGESTION;

describe('suggested patterns', () => {
  it('become a pattern definition the pattern schema accepts', () => {
    expect(patternFromSuggestion(suggestion)).toEqual({
      name: 'Fake Calm 4-6',
      description: 'A fake suggestion with a long exhale.',
      inhale: 4,
      hold: 0,
      exhale: 6,
      hold_after_exhale: 0,
      category: 'stress',
      difficulty: 'Beginner',
      benefits: ['Calm'],
    });
  });

  it('are refused with the reasons when they break a rule', () => {
    expect(
      suggestionProblems({ ...suggestion, phases: [suggestion.phases[0]!, suggestion.phases[0]!] }),
    ).toEqual(['The phase "inhale" appears more than once', 'The pattern has no exhale phase']);
    expect(
      suggestionProblems({
        ...suggestion,
        phases: [suggestion.phases[0]!, { type: 'exhale', duration: 0, instruction: 'x' }],
      }),
    ).toEqual(['Exhale must be longer than 0 seconds']);
    expect(
      suggestionProblems({
        ...suggestion,
        phases: [...suggestion.phases, { type: 'hold', duration: 61, instruction: 'x' }],
      }),
    ).toEqual(['Hold can be at most 60 seconds']);
    expect(() => patternFromSuggestion({ ...suggestion, name: ' ' })).toThrow(/Name is required/);
  });
});

describe('on-device pattern suggestion', () => {
  const box = getPattern('box')!;

  it('steps up with a longer exhale after an easy session, and explains why', () => {
    const s = suggestPatternOnDevice({
      pattern: box,
      completionPercent: 100,
      rhythmConsistency: 100,
    })!;
    expect(s.name).toBe('Longer exhale: Box Breathing');
    expect(s.phases.map((p) => [p.type, p.duration])).toEqual([
      ['inhale', 4],
      ['hold', 4],
      ['exhale', 5],
      ['hold_after_exhale', 4],
    ]);
    expect(s.reasoning).toMatch(
      /^You completed 100% of the cycles and 100% went without a pause\./,
    );
    expect(patternFromSuggestion(s).exhale).toBe(5);
  });

  it('makes a hard session gentler: shorter holds', () => {
    const s = suggestPatternOnDevice({
      pattern: getPattern('sleep')!,
      completionPercent: 40,
      rhythmConsistency: 50,
    })!;
    expect(s.name).toBe(`Gentler ${getPattern('sleep')!.name}`);
    // sleep 4-6-8-3 -> holds 4.5 and 1.5
    expect(s.phases.map((p) => [p.type, p.duration])).toEqual([
      ['inhale', 4],
      ['hold', 4.5],
      ['exhale', 8],
      ['hold_after_exhale', 1.5],
    ]);
    expect(s.reasoning).toBe(
      'In this session you completed 40% of the cycles, 50% of your cycles went without a pause. With shorter holds, each cycle is easier to finish without pausing.',
    );
    expect(s.difficulty).toBe('Beginner');
    expect(patternFromSuggestion(s).hold).toBe(4.5);
  });

  it('shortens the breaths of a pattern without holds, and suggests nothing when nothing can change', () => {
    const s = suggestPatternOnDevice({
      pattern: getPattern('mindfulness')!,
      completionPercent: 30,
    })!;
    expect(s.phases.map((p) => [p.type, p.duration])).toEqual([
      ['inhale', 4],
      ['exhale', 4],
    ]);
    expect(
      suggestPatternOnDevice({ pattern: getPattern('wim_hof')!, completionPercent: 30 }),
    ).toBeNull();
    expect(
      suggestPatternOnDevice({
        pattern: { ...box, exhale: 60 },
        completionPercent: 100,
        rhythmConsistency: 100,
      }),
    ).toBeNull();
  });

  it('uses stillness when the camera measured it', () => {
    const s = suggestPatternOnDevice({
      pattern: box,
      completionPercent: 100,
      rhythmConsistency: 100,
      stillness: 40,
    })!;
    expect(s.name).toBe('Gentler Box Breathing');
    expect(s.reasoning).toContain('the camera measured stillness 40/100');
  });
});
