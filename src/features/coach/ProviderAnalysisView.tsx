import { combinedScore } from '../../domain/coach/combinedScore';
import { AI_PROVIDER_LABELS } from '../../domain/coach/constants';
import type { SessionAnalysisResponse } from '../../contracts/coach';
import { AdviceLists, ScoreList } from './ScoreList';

/**
 * A provider's analysis, as the server checked it. The combined score is 70% of the
 * provider's overall score and 30% of the camera's stillness, only when stillness was measured.
 */
export function ProviderAnalysisView({
  answer,
  stillness,
}: {
  answer: SessionAnalysisResponse;
  stillness?: number;
}) {
  const label = AI_PROVIDER_LABELS[answer.provider];
  const combined = combinedScore(answer.overallScore, stillness);
  return (
    <div className="coach__body" data-testid="coach-provider">
      <p className="coach__analysis">{answer.analysis}</p>
      <p className="coach__combined" data-testid="coach-combined">
        {combined.stillnessMeasured ? (
          <>
            <strong>Combined score {combined.value} / 100</strong>: 70% of {label}’s overall score
            ({answer.overallScore}) and 30% of the stillness your camera measured ({stillness}).
          </>
        ) : (
          <>
            <strong>Score {combined.value} / 100</strong>: {label}’s overall score alone. No camera
            stillness was measured, so there is no combined score.
          </>
        )}
      </p>
      <ScoreList scores={answer.score} />
      <AdviceLists {...answer} />
    </div>
  );
}
