import type { CatalogueId } from './patterns';

/**
 * The research behind each built-in pattern's timing and claims, in plain words (shown
 * as "Why it works" before a session). Kept apart from the catalogue, which every screen
 * loads, because only the session intro shows it. The full references sit next to each
 * pattern's timings in patterns.ts.
 */
const PATTERN_SOURCES: Record<CatalogueId, string> = {
  box: 'Slow breathing (under 10 breaths a minute) increases heart-rate variability and calm (Zaccaro et al., 2018, Frontiers in Human Neuroscience). Box breathing was studied as a daily 5-minute practice by Balban et al., 2023, Cell Reports Medicine.',
  relaxation:
    'Popularised by Dr Andrew Weil. 4-7-8 breathing improved heart-rate variability in healthy young adults (Vierra et al., 2022, Physiological Reports).',
  wim_hof:
    'Trained practitioners voluntarily influenced their sympathetic nervous system and immune response (Kox et al., 2014, PNAS). Never practice in water or while driving.',
  energy:
    'Runs at 6 breaths a minute, inside the slow-breathing range reviewed by Zaccaro et al., 2018 (Frontiers in Human Neuroscience). These exact timings are the app’s own and have not been studied on their own.',
  sleep:
    'A longer exhale than inhale felt more relaxing at the same breathing rate (Van Diest et al., 2014, Applied Psychophysiology and Biofeedback). These exact timings are the app’s own.',
  mindfulness:
    'Six breaths a minute is close to most adults’ resonance frequency, where heart-rate variability peaks (Lehrer & Gevirtz, 2014, Frontiers in Psychology).',
  energizing:
    'Inhale-weighted breathing is more activating than exhale-weighted breathing at the same rate (Van Diest et al., 2014); inhale-emphasised practice raised positive mood and alertness (Balban et al., 2023, Cell Reports Medicine).',
  coherent:
    'Coherent Breathing at five breaths a minute (Elliott & Edmonson, 2005) was described as balancing the autonomic nervous system by Brown & Gerbarg, 2005, Journal of Alternative and Complementary Medicine.',
  resonant:
    'Breathing near 6 breaths a minute makes heart-rate variability peak for most adults (Lehrer et al., 2000; Lehrer & Gevirtz, 2014, Frontiers in Psychology); a longer exhale adds to the relaxation (Van Diest et al., 2014).',
};

export function patternSource(id: string): string | undefined {
  return (PATTERN_SOURCES as Record<string, string>)[id];
}
