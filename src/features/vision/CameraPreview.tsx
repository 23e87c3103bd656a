import { useEffect, useRef } from 'react';
import { Badge } from '../../ui/Badge';

/**
 * The live camera picture with its state: 'Vision Starting' while the analysis loads,
 * 'Vision Active' once frames are being measured. Mirrored, as people expect of a
 * front camera. The picture is only shown here; frames are analysed on this device.
 */
export function CameraPreview({ stream, active }: { stream: MediaStream | null; active: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el) return;
    el.srcObject = stream;
    if (stream) void el.play().catch(() => {});
  }, [stream]);
  if (!stream) return null;
  return (
    <figure className="camera-preview">
      <video
        ref={video}
        className="camera-preview__video"
        muted
        playsInline
        aria-label="Camera preview"
      />
      <figcaption className="camera-preview__state" role="status">
        <Badge tone={active ? 'success' : 'warning'}>
          {active ? 'Vision Active' : 'Vision Starting'}
        </Badge>
      </figcaption>
    </figure>
  );
}
