/**
 * The camera's place in the session machine (docs/product.md § Vision).
 *
 * While the session is live (camera setup and the breathing itself) the session machine
 * invokes one actor with the id 'camera' and the source 'camera'. The default below does
 * nothing: no camera is opened and no figure is reported, so the stored session says
 * cameraUsed: false. The camera work provides the real actor, e.g.
 *
 *   sessionMachine.provide({ actors: { camera: cameraActor } })
 *
 * where `cameraActor` is a callback actor that
 *   - receives `CameraCommand`s the machine forwards from the screen ('Enable Camera'),
 *   - opens getUserMedia and runs the frame worker (load both lazily),
 *   - sends `CameraReport`s back: the permission, the stream (for the preview), one
 *     VISION sample per analysed frame, warnings and the performance mode,
 *   - releases the tracks and the worker in its cleanup: the machine stops the actor when
 *     the session completes, fails or is reset.
 * The machine keeps the latest sample for the screen and folds every sample into the
 * session's vision summary, which the stored record averages. Nothing else has to change.
 */
import { fromCallback } from 'xstate';
import type { PerformanceMode } from '../domain/vision/performanceMode';
import type { VisionMetrics } from '../domain/visionSummary';

export type { PerformanceMode };

/**
 * Where the camera stands: off (never enabled, or switched off), starting (asking for
 * permission, loading the video and the analysis), on (frames are being analysed),
 * failed (with the catalogue's message for the cause).
 */
export type CameraStatus = 'off' | 'starting' | 'on' | 'failed';

export interface CameraInput {
  /** The session config asks for the camera (enhanced mode). */
  enabled: boolean;
  /** The practised pattern's cycle in seconds (the breathing band follows a slow pace). */
  cycleSeconds?: number;
}

/** From the screen, through the session machine, to the camera actor. */
export type CameraCommand = { type: 'ENABLE_CAMERA' } | { type: 'DISABLE_CAMERA' };

/** From the camera actor to the session machine. */
export type CameraReport =
  | { type: 'CAMERA_PERMISSION'; granted: boolean }
  /** `message`: what the user reads (setup failures, or a note while it runs). */
  | { type: 'CAMERA_STATUS'; status: CameraStatus; message?: string | null }
  | { type: 'CAMERA_STREAM'; stream: MediaStream | null }
  /** Vision starts or stops; `metrics` is one analysed frame. */
  | { type: 'VISION'; active: boolean; metrics?: VisionMetrics | null }
  | { type: 'PERFORMANCE_MODE'; mode: PerformanceMode }
  | { type: 'WARN'; message: string };

/** The default: no camera. It ignores commands and reports nothing. */
export const noCamera = fromCallback<CameraCommand, CameraInput>(() => () => {});
