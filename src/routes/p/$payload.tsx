import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { decodeLink } from '../../domain/links/patternLink';
import { LinkProblem, PatternLinkScreen } from '../../features/pattern-link';
import { ProgramLinkScreen } from '../../features/programs';
import { TogetherScreen } from '../../features/together';

/**
 * /p/<payload>: a pattern, a program or a shared session carried whole in the link (docs/patterns-format.md).
 * Decoded on the device, so it opens offline; a bad link shows what is wrong.
 */
export const Route = createFileRoute('/p/$payload')({
  component: PatternLinkRoute,
});

function PatternLinkRoute() {
  const { payload } = Route.useParams();
  const decoded = useMemo(() => decodeLink(payload), [payload]);
  if (!decoded.ok) return <LinkProblem error={decoded.error} />;
  if (decoded.content.kind === 'program')
    return <ProgramLinkScreen key={payload} program={decoded.content.program} />;
  if (decoded.content.kind === 'together')
    return <TogetherScreen key={payload} content={decoded.content} />;
  return <PatternLinkScreen key={payload} pattern={decoded.content.pattern} />;
}
