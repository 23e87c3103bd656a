/**
 * The warm sentence at the top of a session's results (docs/product.md § Results and scores):
 * what was done, never a grade. Practice is not an exam; the score, where one was measured,
 * waits under 'More'.
 */
export function practiceSentence(f: {
  cycleCount: number;
  targetCycles: number;
  completed: boolean;
}): string {
  const n = Math.max(0, Math.floor(f.cycleCount));
  if (f.completed)
    return `You breathed all ${f.targetCycles} cycles. Thank you for taking this time for yourself.`;
  if (n === 0) return 'You took a moment to breathe. Come back whenever you like.';
  return `You breathed ${n} of ${f.targetCycles} ${f.targetCycles === 1 ? 'cycle' : 'cycles'}. Every calm breath counts.`;
}
