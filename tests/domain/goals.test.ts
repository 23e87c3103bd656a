import { describe, expect, it } from 'vitest';
import {
  GOALS,
  isGoalOptimalNow,
  preselectPatternForGoal,
} from '../../src/domain/goals';
import { getPattern } from '../../src/domain/patterns';

const getGoal = (id: string) => GOALS.find((g) => g.id === id);

describe('home goals', () => {
  it('has the six goals with their titles, patterns and times', () => {
    expect(GOALS.map((g) => [g.id, g.title, g.patterns, g.time])).toEqual([
      ['stress-relief', 'Reduce Stress', ['box', 'relaxation'], 'any'],
      ['focus-boost', 'Boost Focus', ['box', 'energizing'], 'morning'],
      ['energy-boost', 'Increase Energy', ['energizing', 'wim_hof'], 'morning'],
      ['better-sleep', 'Better Sleep', ['relaxation', 'sleep'], 'evening'],
      ['lung-capacity', 'Build Lung Capacity', ['wim_hof', 'coherent'], 'morning'],
      ['general-wellness', 'General Wellness', ['box', 'relaxation', 'coherent'], 'any'],
    ]);
  });

  it('every goal pattern exists in the catalogue', () => {
    for (const g of GOALS) for (const id of g.patterns) expect(getPattern(id), id).toBeDefined();
  });

  it('shows Optimal Time for any-time goals always and others only in their time', () => {
    const sleep = getGoal('better-sleep')!;
    const energy = getGoal('energy-boost')!;
    const wellness = getGoal('general-wellness')!;
    expect(isGoalOptimalNow(sleep, 21)).toBe(true);
    expect(isGoalOptimalNow(sleep, 8)).toBe(false);
    expect(isGoalOptimalNow(energy, 8)).toBe(true);
    expect(isGoalOptimalNow(energy, 21)).toBe(false);
    expect(isGoalOptimalNow(wellness, 14)).toBe(true);
  });

  it('preselects the best-ranked recommended pattern among the goal patterns, else the first', () => {
    const sleep = getGoal('better-sleep')!;
    expect(preselectPatternForGoal(sleep, ['box', 'sleep', 'relaxation'])).toBe('sleep');
    expect(preselectPatternForGoal(sleep, ['box'])).toBe('relaxation');
    expect(preselectPatternForGoal(sleep, [])).toBe('relaxation');
  });

  it('falls back to the first allowed goal pattern (a beginner is not handed wim_hof)', () => {
    const lungs = getGoal('lung-capacity')!;
    expect(preselectPatternForGoal(lungs, ['box'])).toBe('wim_hof');
    expect(preselectPatternForGoal(lungs, ['box'], (id) => id !== 'wim_hof')).toBe('coherent');
    expect(preselectPatternForGoal(lungs, [], () => false)).toBe('wim_hof');
  });
});
