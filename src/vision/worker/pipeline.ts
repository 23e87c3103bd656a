/**
 * The frame pipeline of the worker: one grey 320x240 frame (and the face candidates found
 * in it, if a detector runs) in, one `VisionMetrics` sample out. Holds what must carry
 * over from frame to frame: the previous frame, the smoothed stillness, the face being
 * followed (a candidate counts only once it is plausible and confirmed, facePresence.ts),
 * the chest tracker, the posture calibration, the face counts and the last minute of the
 * chest signal for the live breathing rate. Posture and breathing are measured only with
 * a face present. Pure apart from the clock used for the stage timings.
 */
import { breathBandFor, estimateBreathingRate } from '../../domain/vision/breathingRate';
import type { BreathSample } from '../../domain/vision/breathSignal';
import { initialChest, trackChest, type ChestState } from '../../domain/vision/chestMotion';
import {
  initialFacePresence,
  stepFacePresence,
  type FacePresenceState,
} from '../../domain/vision/facePresence';
import { wholeFrame, type GreyFrame, type Rect } from '../../domain/vision/frames';
import { motionEnergy, movementLevel } from '../../domain/vision/motion';
import {
  calibratePosture,
  postureScore,
  type FaceObservation,
  type PostureCalibration,
} from '../../domain/vision/posture';
import {
  initialStillness,
  stepStillness,
  type StillnessState,
} from '../../domain/vision/stillness';
import type { VisionMetrics } from '../../domain/visionSummary';

/** How much chest signal the live rate looks at. */
const LIVE_WINDOW_MS = 60_000;

export interface PipelineState {
  previous: GreyFrame | null;
  stillness: StillnessState;
  presence: FacePresenceState;
  chest: ChestState;
  calibrationFaces: FaceObservation[];
  calibration: PostureCalibration | null;
  frames: number;
  faces: number;
  recent: BreathSample[];
}

export const initialPipeline = (): PipelineState => ({
  previous: null,
  stillness: initialStillness(),
  presence: initialFacePresence(),
  chest: initialChest(),
  calibrationFaces: [],
  calibration: null,
  frames: 0,
  faces: 0,
  recent: [],
});

interface FrameInput {
  frame: GreyFrame;
  /** The detector's face candidates in this frame; undefined when no detector runs. */
  faces: readonly FaceObservation[] | undefined;
  capturedAt: number;
  /** The practised pattern's cycle, for the breathing band. */
  cycleSeconds: number | null;
}

/** The face box grown by a fifth on each side: a head that moves stays inside it. */
function stillnessRegion(face: FaceObservation | null | undefined, frame: GreyFrame): Rect {
  if (!face) return wholeFrame(frame);
  const { x, y, width, height } = face.box;
  return { x: x - width / 5, y: y - height / 5, width: width * 1.4, height: height * 1.4 };
}

export function processFrame(
  state: PipelineState,
  input: FrameInput,
  now: () => number,
): { state: PipelineState; metrics: VisionMetrics; stillnessMs: number; breathingMs: number } {
  const { frame, faces: candidates, capturedAt } = input;
  const checked = candidates !== undefined;
  const seen = checked
    ? stepFacePresence(state.presence, candidates, frame.width, frame.height)
    : { state: state.presence, face: null, counted: 0 };
  const { face } = seen;
  const t0 = now();
  const energy = state.previous
    ? motionEnergy(state.previous, frame, stillnessRegion(face, frame))
    : 0;
  const still = stepStillness(state.stillness, movementLevel(energy));
  const t1 = now();

  const chest = trackChest(state.chest, frame, face ? face.box : null);
  const recent = state.recent.filter((s) => s.t > capturedAt - LIVE_WINDOW_MS);
  if (chest.displacement !== null) recent.push({ t: capturedAt, y: chest.displacement });
  const band = breathBandFor(input.cycleSeconds ? 1 / input.cycleSeconds : null);
  const rate = face ? estimateBreathingRate(recent, band) : null;
  const t2 = now();

  const calibrationFaces =
    face && !state.calibration ? [...state.calibrationFaces, face] : state.calibrationFaces;
  const calibration = state.calibration ?? calibratePosture(calibrationFaces);
  const frames = state.frames + (checked ? 1 : 0);
  const faces = state.faces + seen.counted;

  const metrics: VisionMetrics = {
    stillness: still.reading.stillness,
    restlessnessScore: still.reading.restlessnessScore,
    movementLevel: still.reading.movementLevel,
    presence: frames > 0 ? Math.round((faces / frames) * 100) : 0,
    posture: face && calibration ? postureScore(calibration, face) : null,
    faceChecked: checked,
    faceDetected: Boolean(face),
    confidence: face ? face.score : 0,
    ...(face?.landmarks?.length ? { faceLandmarks: face.landmarks } : {}),
    ...(face ? { faceBox: face.box } : {}),
    breathSignal: chest.displacement,
    breathsPerMinute: rate ? rate.breathsPerMinute : null,
    processingTimeMs: 0,
    capturedAt,
    source: 'device',
  };
  return {
    state: {
      previous: frame,
      stillness: still.state,
      presence: seen.state,
      chest: chest.state,
      calibrationFaces,
      calibration,
      frames,
      faces,
      recent,
    },
    metrics,
    stillnessMs: t1 - t0,
    breathingMs: t2 - t1,
  };
}
