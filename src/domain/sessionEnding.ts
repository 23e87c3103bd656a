/**
 * Ending a session well (docs/product.md § Sessions), pure: the last cycle is announced
 * when it begins (on screen, to the screen reader, by voice and by a bell in the tones).
 */

/** True while `cycleIndex` (0-based, within the round) is the last of `targetCycles`. */
export function isLastCycle(cycleIndex: number, targetCycles: number): boolean {
  return targetCycles >= 2 && cycleIndex === targetCycles - 1;
}

/** True when boundary `boundaryIndex` (0-based, within the round) starts the last cycle. */
export function startsLastCycle(
  boundaryIndex: number,
  phasesPerCycle: number,
  targetCycles: number,
): boolean {
  return (
    phasesPerCycle > 0 && targetCycles >= 2 && boundaryIndex === (targetCycles - 1) * phasesPerCycle
  );
}

/** The words that mark it. */
export const LAST_CYCLE_TEXT = 'Last cycle';
