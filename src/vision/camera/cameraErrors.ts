/**
 * What the user reads when the camera fails (docs/product.md § Errors, § Vision): each
 * cause has its catalogue row; video problems read 'Failed to initialize camera...' and
 * keep their own text ('Video load timeout', ...) as the detail.
 */
import { AppError } from '../../domain/errors/appErrors';
import { CAMERA_SETUP_MESSAGES } from '../../domain/errors/messages';
import { classifyError, type ClassifiedError } from '../../domain/errors/classifier';

type VideoProblem = 'streamUnavailable' | 'videoTimeout' | 'videoError';

/** The stream could not be shown in a video element. */
export class VideoSetupError extends AppError {
  constructor(problem: VideoProblem) {
    super(CAMERA_SETUP_MESSAGES[problem], {
      category: 'camera',
      userMessage: CAMERA_SETUP_MESSAGES.initFailed,
    });
    this.name = 'VideoSetupError';
  }
}

/**
 * The failure as a camera error: it happened while using the camera, whatever its type
 * (a browser's NotFoundError alone does not say 'camera'). Its name is kept, so the
 * catalogue row still follows the cause (NotAllowedError, NotReadableError, ...).
 */
function asCameraError(error: unknown): unknown {
  if (error instanceof AppError && error.category === 'camera') return error;
  const wrapped = new AppError(error instanceof Error ? error.message : String(error), {
    category: 'camera',
    cause: error,
  });
  if (error instanceof Error && error.name) wrapped.name = error.name;
  return wrapped;
}

interface CameraFailure {
  /** The sentence shown. */
  message: string;
  /** The technical cause, shown smaller when it adds something. */
  detail: string | null;
  /** The browser refused the permission. */
  denied: boolean;
  classified: ClassifiedError;
}

/**
 * A camera failure, classified. `duringSession`: the camera was running and the session
 * goes on without it, so an unrecognised failure reads 'Continuing without camera tracking'.
 */
export function cameraFailure(error: unknown, duringSession = false): CameraFailure {
  const classified = classifyError(asCameraError(error), { cameraContinues: duringSession });
  const detail = error instanceof VideoSetupError ? error.message : null;
  return {
    message: classified.userMessage,
    detail,
    denied: classified.errorCase === 'camera.denied',
    classified,
  };
}
