import type { DeviceAnalysis } from '../../domain/coach/deviceAnalysis';
import { AdviceLists, ScoreList } from './ScoreList';

/** The on-device analysis: rules applied to this session's figures, each score explained. */
export function DeviceAnalysisView({ analysis }: { analysis: DeviceAnalysis }) {
  return (
    <div className="coach__body" data-testid="coach-device">
      <p className="coach__analysis">{analysis.analysis}</p>
      {/* The overall score is the session's one score, shown at the top of the results. */}
      <ScoreList
        scores={{
          focus: analysis.score.focus,
          consistency: analysis.score.consistency,
          progress: analysis.score.progress,
        }}
        unit="percent"
      />
      <AdviceLists {...analysis} />
    </div>
  );
}
