import type { SessionVisionFigures } from '../../domain/visionSummary';
import { PULSE_REASON_TEXT } from './pulseText';

const NOT_MEASURED = 'Not measured';

interface FigureRow {
  label: string;
  value: string;
  /** Why a figure is missing, or what it means. */
  note?: string;
  testId?: string;
}

const percent = (v: number | null) => (v === null ? NOT_MEASURED : `${v}%`);

/** Why posture and breathing rate, both measured on a face, may be missing. */
function withoutFace(v: SessionVisionFigures): string | null {
  if (v.faceDetectionRate === null) return 'Face detection could not run on this device.';
  if (v.faceDetectionRate === 0) return 'No face was in view.';
  return null;
}

/** The camera's figures of one session as labelled rows; a missing figure says so, and why. */
export function visionFigureRows(v: SessionVisionFigures, detailed: boolean): FigureRow[] {
  const noFace = withoutFace(v);
  const rows: FigureRow[] = [
    { label: 'Stillness', value: percent(v.averageStillness), testId: 'vision-stillness' },
    {
      label: 'Face presence',
      value: percent(v.faceDetectionRate),
      note:
        v.faceDetectionRate === null ? 'Face detection could not run on this device.' : undefined,
      testId: 'vision-presence',
    },
    {
      label: 'Posture',
      value: v.postureScore === null ? NOT_MEASURED : `${v.postureScore} / 100`,
      note:
        v.postureScore === null
          ? (noFace ?? 'Your face was not seen long enough to compare.')
          : undefined,
      testId: 'vision-posture',
    },
    {
      label: 'Breathing rate',
      value:
        v.breathsPerMinute === null
          ? NOT_MEASURED
          : `${v.breathsPerMinute.toFixed(1)} /min (target ${v.targetBreathsPerMinute.toFixed(1)})`,
      note:
        v.breathsPerMinute === null
          ? noFace
            ? `${noFace} It is measured below your face.`
            : 'No steady breathing movement was visible below your face.'
          : undefined,
      testId: 'vision-breathing',
    },
  ];
  const hr = v.heartRate;
  if (hr) {
    rows.push({
      label: 'Heart rate',
      value: hr.bpm === null ? NOT_MEASURED : `${Math.round(hr.bpm)} bpm`,
      note:
        hr.bpm === null
          ? `${PULSE_REASON_TEXT[hr.reason ?? 'too-short']}.`
          : `From your face's skin color, the middle of ${hr.readings} reading${hr.readings === 1 ? '' : 's'}. Not a medical measurement.`,
      testId: 'vision-heart-rate',
    });
  }
  if (!detailed) return rows;
  return [
    ...rows,
    {
      label: 'Following the guide',
      value: percent(v.phaseAccuracy),
      note: 'How closely your chest rose and fell with the guide.',
    },
    {
      label: 'Breath rhythm',
      value: percent(v.rhythmConsistency),
      note: "How close each breath's length was to the pattern's cycle.",
    },
  ];
}
