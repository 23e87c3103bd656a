import { describe, expect, it, vi } from 'vitest';
import { CameraTimeoutError } from '../../src/domain/errors/appErrors';
import { cameraFailure, VideoSetupError } from '../../src/vision/camera/cameraErrors';
import { CAMERA_CONSTRAINTS, openCamera } from '../../src/vision/camera/openCamera';
import { playStream } from '../../src/vision/camera/videoSource';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('camera failures', () => {
  it.each([
    [
      'NotAllowedError',
      'Camera access denied. Please allow camera permissions in your browser settings.',
    ],
    ['NotFoundError', 'No camera found. Please connect a camera and try again.'],
    ['OverconstrainedError', 'No camera found. Please connect a camera and try again.'],
    ['NotReadableError', 'Camera is already in use by another application.'],
  ])('%s reads its catalogue message', (name, message) => {
    expect(cameraFailure(domError(name)).message).toBe(message);
  });

  it('a timeout, an unknown failure at setup and one during the session', () => {
    expect(cameraFailure(new CameraTimeoutError()).message).toBe(
      'Camera access timed out. Please check permissions and try again.',
    );
    expect(cameraFailure(new Error('weird')).message).toBe(
      'Camera access failed. Please check your camera permissions.',
    );
    expect(cameraFailure(new Error('The camera stopped'), true).message).toBe(
      'Camera access was denied. Continuing without camera tracking.',
    );
    expect(cameraFailure(domError('NotAllowedError')).denied).toBe(true);
  });

  it('video problems read the setup message with their own text as the detail', () => {
    const f = cameraFailure(new VideoSetupError('videoTimeout'));
    expect(f).toMatchObject({
      message: 'Failed to initialize camera. Please check permissions and try again.',
      detail: 'Video load timeout',
    });
    expect(new VideoSetupError('videoError').message).toBe('Video load error');
    expect(new VideoSetupError('streamUnavailable').message).toBe(
      'Camera stream or video element unavailable',
    );
  });
});

function fakeStream(videoTracks = 1) {
  const tracks = Array.from({ length: videoTracks }, () => ({ stop: vi.fn(), kind: 'video' }));
  return {
    getTracks: () => tracks,
    getVideoTracks: () => tracks,
    tracks,
  } as unknown as MediaStream & {
    tracks: { stop: ReturnType<typeof vi.fn> }[];
  };
}

describe('openCamera', () => {
  it('asks for 640x480 at 15 fps (30 at most), video only', async () => {
    const stream = fakeStream();
    const getUserMedia = vi.fn(async () => stream);
    await expect(openCamera({ getUserMedia })).resolves.toBe(stream);
    expect(getUserMedia).toHaveBeenCalledWith(CAMERA_CONSTRAINTS);
    const video = CAMERA_CONSTRAINTS.video as MediaTrackConstraints;
    expect([video.width, video.height, video.frameRate, CAMERA_CONSTRAINTS.audio]).toEqual([
      { ideal: 640 },
      { ideal: 480 },
      { ideal: 15, max: 30 },
      false,
    ]);
  });

  it('gives up after the time limit and stops a stream that arrives later', async () => {
    vi.useFakeTimers();
    try {
      const stream = fakeStream();
      let grant: (s: MediaStream) => void = () => {};
      const pending = openCamera({ getUserMedia: () => new Promise((r) => (grant = r)) }, 10_000);
      const outcome = expect(pending).rejects.toBeInstanceOf(CameraTimeoutError);
      await vi.advanceTimersByTimeAsync(10_000);
      await outcome;
      grant(stream);
      await vi.advanceTimersByTimeAsync(0);
      expect(stream.tracks[0]!.stop).toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a browser without a camera API reads as no camera', async () => {
    const e = await openCamera(undefined).catch((x: unknown) => x);
    expect(cameraFailure(e).message).toBe(
      'No camera found. Please connect a camera and try again.',
    );
  });
});

class FakeVideo extends EventTarget {
  readyState = 0;
  muted = false;
  playsInline = false;
  srcObject: unknown = null;
  play = vi.fn(async () => {});
}

describe('playStream', () => {
  it('needs a stream with video and an element', async () => {
    await expect(playStream(null, new FakeVideo() as never)).rejects.toThrow(
      'Camera stream or video element unavailable',
    );
    await expect(playStream(fakeStream(), null)).rejects.toThrow(
      'Camera stream or video element unavailable',
    );
    await expect(playStream(fakeStream(0), new FakeVideo() as never)).rejects.toThrow(
      'Camera stream or video element unavailable',
    );
  });

  it('plays once the metadata loads; times out after 5 s; reports a video error', async () => {
    const ok = new FakeVideo();
    const playing = playStream(fakeStream(), ok as never);
    ok.dispatchEvent(new Event('loadedmetadata'));
    await expect(playing).resolves.toBe(ok);
    expect(ok).toMatchObject({ muted: true, playsInline: true });
    expect(ok.play).toHaveBeenCalled();

    const broken = new FakeVideo();
    const failing = playStream(fakeStream(), broken as never);
    broken.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('Video load error');

    vi.useFakeTimers();
    try {
      const slow = playStream(fakeStream(), new FakeVideo() as never, 5_000);
      const outcome = expect(slow).rejects.toThrow('Video load timeout');
      await vi.advanceTimersByTimeAsync(5_000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});
