/**
 * "Say so once, honestly": when this device stopped the cue track while the page was in
 * the background (the audio was found paused or far behind on return), the session screen
 * says so one time per device. Remembered in localStorage; a storage failure only means
 * the note may show again.
 */
const KEY = 'pneuma.programs.backgroundAudioNoted';

export const BACKGROUND_AUDIO_NOTE =
  'This device stopped the sound while the screen was off or the app was in the background, so the cues did not keep time there. The guide has caught up. On iPhone, sound keeps playing with the screen locked when Pneuma is added to the Home Screen.';

export function backgroundNoteShown(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function markBackgroundNoteShown(): void {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // not remembered: it may show once more
  }
}
