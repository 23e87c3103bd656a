/**
 * The camera's frames for analysis: a video element of its own (not the preview) playing
 * the stream. Its metadata must load within 5 s ('Video load timeout'), a failing element
 * reads 'Video load error', and a stream without video or a missing element 'Camera stream
 * or video element unavailable' (docs/product.md § Vision).
 */
import { VideoSetupError } from './cameraErrors';

const VIDEO_LOAD_TIMEOUT_MS = 5_000;

export async function playStream(
  stream: MediaStream | null,
  video: HTMLVideoElement | null,
  timeoutMs = VIDEO_LOAD_TIMEOUT_MS,
): Promise<HTMLVideoElement> {
  if (!stream || !video || stream.getVideoTracks().length === 0) {
    throw new VideoSetupError('streamUnavailable');
  }
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  await new Promise<void>((resolve, reject) => {
    if (video.readyState >= 1) {
      resolve();
      return;
    }
    const timer = setTimeout(() => done(new VideoSetupError('videoTimeout')), timeoutMs);
    const onMeta = () => done();
    const onError = () => done(new VideoSetupError('videoError'));
    function done(error?: Error) {
      clearTimeout(timer);
      video!.removeEventListener('loadedmetadata', onMeta);
      video!.removeEventListener('error', onError);
      if (error) reject(error);
      else resolve();
    }
    video.addEventListener('loadedmetadata', onMeta);
    video.addEventListener('error', onError);
  });
  await video.play().catch(() => {
    // Autoplay of a muted inline video is allowed; a refusal leaves frames still readable.
  });
  return video;
}
