import { useNavigate } from '@tanstack/react-router';
import { patternToTry, type SharedPattern } from '../../domain/share/sharedPattern';

/**
 * "Try this pattern": opens a classic session with a shared pattern, by its catalogue id or
 * with the shared timings (handed over as navigation state). Undefined when the post does
 * not carry enough to breathe it.
 */
export function useTryPattern(pattern: SharedPattern | null | undefined): (() => void) | undefined {
  const navigate = useNavigate();
  const target = pattern ? patternToTry(pattern) : null;
  if (!target) return undefined;
  return () =>
    void (target.kind === 'catalogue'
      ? navigate({ to: '/session/$mode', params: { mode: 'classic' }, search: { pattern: target.id } })
      : navigate({ to: '/session/$mode', params: { mode: 'classic' }, state: { pattern: target.pattern } }));
}
