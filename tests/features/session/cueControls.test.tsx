// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionSettings } from '../../../src/features/session/SessionSettings';
import { SETTINGS_SECTIONS } from '../../../src/features/settings/sections';
import { getPreferences } from '../../../src/data/preferencesRepo';

/**
 * One set of cue controls: the Settings screen's 'Sound and vibration' section and the
 * session's 'Sound and display' dialog show the same cue switches (names, order, the words
 * under each), the same summary of what plays and the same countdown choice, on a real
 * Dexie database (fake-indexeddb); a switch turned in one is the stored preference the other
 * shows.
 * Does not prove: how either screen looks (the screenshots and e2e/missing-apis.spec.ts in
 * Chromium do), speech or vibration on a real device (happy-dom has neither, as Safari on
 * iOS lacks vibration), or the upload of the preference to a member's other devices.
 */
afterEach(cleanup);
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

function section(id: string) {
  const spec = SETTINGS_SECTIONS.find((s) => s.id === id);
  if (!spec) throw new Error(`no Settings section ${id}`);
  return spec.Component;
}

// The open (modal) dialog hides the rest of the page from assistive technology, so queries
// outside it ask for hidden elements too.
const hidden = true;

/** Each switch as 'name: words under it (checked)', in order. */
function switches(root: HTMLElement): string[] {
  return within(root)
    .getAllByRole('switch', { hidden })
    .map((s) => {
      const desc = s.getAttribute('aria-describedby');
      const words = desc ? (root.ownerDocument.getElementById(desc)?.textContent ?? '') : '';
      return `${s.id && root.querySelector(`label[for="${CSS.escape(s.id)}"]`)?.textContent}: ${words} (${s.getAttribute('aria-checked')})`;
    });
}

describe('cue controls: Settings and the session dialog', () => {
  it('show the same cues, in the same order, with the same words, summary and countdown', async () => {
    const Cues = section('cues');
    const Countdown = section('countdown');
    const { container } = render(
      <div>
        <section data-testid="settings-cues">
          <Cues />
        </section>
        <section data-testid="settings-countdown">
          <Countdown />
        </section>
      </div>,
    );
    render(<SessionSettings open onOpenChange={() => {}} />);
    const settings = within(container).getByTestId('settings-cues');
    const dialog = await screen.findByRole('dialog', { name: 'Sound and display' });
    const cueGroup = within(dialog).getByRole('group', { name: 'Cues' });

    const fromSettings = switches(settings);
    expect(fromSettings.map((s) => s.split(':')[0])).toEqual(['Voice', 'Tones', 'Vibration']);
    expect(switches(cueGroup)).toEqual(fromSettings);
    expect(within(cueGroup).getByRole('status').textContent).toBe(within(settings).getByRole('status', { hidden }).textContent);
    expect(within(cueGroup).getByLabelText('Volume')).toBeTruthy();
    expect(within(settings).getByLabelText('Volume')).toBeTruthy();

    const countdownNames = (root: HTMLElement) =>
      within(root)
        .getByRole('group', { name: 'Countdown before a session starts', hidden })
        .querySelectorAll('input[type="radio"]').length;
    expect(countdownNames(dialog)).toBe(countdownNames(within(container).getByTestId('settings-countdown')));
  });

  it('a switch turned on Settings is the preference the session dialog shows', async () => {
    const Cues = section('cues');
    const { container } = render(
      <section data-testid="settings-cues">
        <Cues />
      </section>,
    );
    render(<SessionSettings open onOpenChange={() => {}} />);
    const settings = within(container).getByTestId('settings-cues');
    const dialog = await screen.findByRole('dialog', { name: 'Sound and display' });
    const tonesIn = (root: HTMLElement) => within(root).getByRole('switch', { name: 'Tones', hidden });
    const before = tonesIn(settings).getAttribute('aria-checked');
    expect(tonesIn(dialog).getAttribute('aria-checked')).toBe(before);
    fireEvent.click(tonesIn(settings));
    const after = before === 'true' ? 'false' : 'true';
    await waitFor(() => expect(tonesIn(dialog).getAttribute('aria-checked')).toBe(after));
    expect((await getPreferences()).cueTones).toBe(after === 'true');
  });
});
