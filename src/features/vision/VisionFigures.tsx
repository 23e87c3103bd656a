import type { SessionVisionFigures } from '../../domain/visionSummary';
import { visionFigureRows } from './visionFigureRows';
import './vision.css';

/** The camera's figures of one session, as a definition list. */
export function VisionFigures({
  figures,
  detailed = false,
}: {
  figures: SessionVisionFigures;
  detailed?: boolean;
}) {
  return (
    <dl className="vision-figures">
      {visionFigureRows(figures, detailed).map((row) => (
        <div className="stat" key={row.label}>
          <dt className="stat__label">{row.label}</dt>
          <dd className="stat__value" data-testid={row.testId}>
            {row.value}
          </dd>
          {row.note ? <dd className="vision-figures__note">{row.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
