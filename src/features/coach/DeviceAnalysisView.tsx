import type { DeviceAnalysis } from '../../domain/coach/deviceAnalysis';
import { AdviceLists, ScoreList } from './ScoreList';

/** The on-device analysis: rules applied to this session's figures, each score explained. */
export function DeviceAnalysisView({ analysis }: { analysis: DeviceAnalysis }) {
  return (
    <div className="coach__body" data-testid="coach-device">
      <p className="coach__analysis">{analysis.analysis}</p>
      <ScoreList scores={analysis.score} />
      <AdviceLists {...analysis} />
    </div>
  );
}
