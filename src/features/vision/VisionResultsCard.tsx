import type { SessionRecord } from '../../domain/sessionRecord';
import { Card } from '../../ui/Card';
import { VisionFigures } from './VisionFigures';

/**
 * The enhanced results: what the camera measured in this session, each figure from this
 * device's own analysis, or why it was not measured. Nothing for a classic session.
 */
export function VisionResultsCard({ record }: { record: SessionRecord }) {
  if (record.sessionType !== 'enhanced' && !record.vision) return null;
  return (
    <Card as="section" className="vision-results" aria-labelledby="vision-results-title">
      <h2 id="vision-results-title">Camera analysis</h2>
      {record.vision ? (
        <>
          <VisionFigures figures={record.vision} detailed />
          <p className="results__note">
            Measured on this device from {record.vision.framesAnalysed} frames (about{' '}
            {record.vision.averageProcessingMs} ms each); no picture left it.
          </p>
        </>
      ) : (
        <p className="results__note" data-testid="vision-not-measured">
          The camera was not used in this session, so stillness, face presence, posture and
          breathing rate were not measured.
        </p>
      )}
    </Card>
  );
}
