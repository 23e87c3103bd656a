import type { RefObject } from 'react';
import type { BreathPosition } from '../../../domain/breathClock';

/**
 * A guide draws one frame of the breath: it writes transforms and opacity straight to its
 * own elements (no React render, no layout). BreathVisual calls it every display frame.
 */
export type GuideDraw = (pos: BreathPosition) => void;

export interface GuideProps {
  drawRef: RefObject<GuideDraw | null>;
}
