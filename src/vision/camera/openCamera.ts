/**
 * Opens the camera (docs/product.md § Vision): ideal 640x480 at 15 fps, 30 at most, the
 * user-facing camera where there is a choice, no audio. Gives up after 10 s without an
 * answer (a permission prompt left open), stopping a stream that arrives later.
 */
import { CameraTimeoutError } from '../../domain/errors/appErrors';

const CAMERA_TIMEOUT_MS = 10_000;

export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: {
    width: { ideal: 640 },
    height: { ideal: 480 },
    frameRate: { ideal: 15, max: 30 },
    facingMode: 'user',
  },
};

export async function openCamera(
  mediaDevices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
  timeoutMs = CAMERA_TIMEOUT_MS,
): Promise<MediaStream> {
  if (!mediaDevices?.getUserMedia) {
    throw new DOMException('No camera API in this browser', 'NotFoundError');
  }
  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const request = mediaDevices.getUserMedia(CAMERA_CONSTRAINTS).then((stream) => {
    if (timedOut) stream.getTracks().forEach((t) => t.stop());
    return stream;
  });
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new CameraTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((t) => t.stop());
}
