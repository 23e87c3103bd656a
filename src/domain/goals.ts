/**
 * The six home goals (docs/product.md § Discovery) with their patterns and best time of
 * day. Pure data.
 */
import { isOptimalTime, type GoalTime } from './timeBands';

type GoalId =
  | 'stress-relief'
  | 'focus-boost'
  | 'energy-boost'
  | 'better-sleep'
  | 'lung-capacity'
  | 'general-wellness';

export interface Goal {
  id: GoalId;
  title: string;
  /** One line on what the goal is for (app copy, not a claim). */
  description: string;
  /** Pattern ids, in the order the goal card lists them. */
  patterns: readonly string[];
  time: GoalTime;
}

export const GOALS: readonly Goal[] = Object.freeze([
  {
    id: 'stress-relief',
    title: 'Reduce Stress',
    description: 'Calm your body and settle a busy mind.',
    patterns: ['box', 'relaxation'],
    time: 'any',
  },
  {
    id: 'focus-boost',
    title: 'Boost Focus',
    description: 'Clear your head before work that needs attention.',
    patterns: ['box', 'energizing'],
    time: 'morning',
  },
  {
    id: 'energy-boost',
    title: 'Increase Energy',
    description: 'Wake up your body and lift your alertness.',
    patterns: ['energizing', 'wim_hof'],
    time: 'morning',
  },
  {
    id: 'better-sleep',
    title: 'Better Sleep',
    description: 'Slow down and prepare for rest.',
    patterns: ['relaxation', 'sleep'],
    time: 'evening',
  },
  {
    id: 'lung-capacity',
    title: 'Build Lung Capacity',
    description: 'Train long, full breaths and breath holds.',
    patterns: ['wim_hof', 'coherent'],
    time: 'morning',
  },
  {
    id: 'general-wellness',
    title: 'General Wellness',
    description: 'A steady daily practice for body and mind.',
    patterns: ['box', 'relaxation', 'coherent'],
    time: 'any',
  },
] satisfies Goal[]);

/** The 'Optimal Time' badge: the goal's time is any or matches the hour. */
export function isGoalOptimalNow(goal: Goal, hour: number): boolean {
  return isOptimalTime(goal.time, hour);
}

/**
 * The pattern preselected when a goal is chosen: the highest-ranked
 * recommended pattern among the goal's patterns, else the goal's first (the first one
 * `allowed` accepts, so a beginner is not handed wim_hof; the goal's first if none is).
 * `rankedPatternIds` is the recommendation order, best first.
 */
export function preselectPatternForGoal(
  goal: Goal,
  rankedPatternIds: readonly string[],
  allowed: (patternId: string) => boolean = () => true,
): string {
  const recommended = rankedPatternIds.find((id) => goal.patterns.includes(id));
  return recommended ?? goal.patterns.find(allowed) ?? goal.patterns[0]!;
}
