import { devices, type Page } from '@playwright/test';
import { test, expect, pauseClock, waitForServiceWorkerControl } from './fixtures';
import { pressStart } from './practise';
import { expectNoSeriousA11yViolations, waitForStillStyles } from './a11y';

/**
 * The immersive session on a phone (Pixel 7: touch, no hover) in real Chromium, with
 * Playwright's clock paused and stepped by hand, so every moment of the breath is exact:
 * the chrome recedes, idle controls fade and a tap brings them back (without pressing a
 * hidden button), box breathing traces a square, each phase vibrates its own pattern,
 * Media Session names the pattern and pauses it, the last cycle is announced and the
 * completion leads to the results. axe runs in light, dark and dim.
 */
test.use({ ...devices['Pixel 7'] });

declare global {
  interface Window {
    __vibrations: { phase: string | null; pattern: number[] }[];
    __mediaHandlers: Record<string, (() => void) | null>;
  }
}

/** Records navigator.vibrate and Media Session handlers before the app loads. */
async function instrument(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('pneuma.theme', t);
    window.__vibrations = [];
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value(pattern: number | number[]) {
        const phase =
          document.querySelector('[data-testid="breath-visual"]')?.getAttribute('data-phase') ??
          null;
        window.__vibrations.push({ phase, pattern: ([] as number[]).concat(pattern) });
        return true;
      },
    });
    window.__mediaHandlers = {};
    const ms = navigator.mediaSession;
    const set = ms.setActionHandler.bind(ms);
    ms.setActionHandler = (action, handler) => {
      window.__mediaHandlers[action] = handler as (() => void) | null;
      set(action, handler);
    };
  }, theme);
}

/** Opens the session with the service worker in control, then stops the clock. */
async function openSession(page: Page, path: string): Promise<void> {
  await page.clock.install();
  await page.goto(path);
  await waitForServiceWorkerControl(page);
  await pauseClock(page, 1000);
}

/** The one 'Start'; the breath starts after the countdown and the 0.5 s ready step, on the next frame. */
async function startSession(page: Page): Promise<void> {
  await pressStart(page);
  await expect(page.getByTestId('immersive-session')).toBeVisible();
}

/**
 * axe once the screen has settled. axe needs running timers, so the clock runs meanwhile;
 * keyboard focus on a control keeps the controls on screen however long axe takes.
 */
async function axeSettled(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Tab');
  await page.clock.resume();
  await waitForStillStyles(page);
  await expectNoSeriousA11yViolations(page, label);
}

/**
 * The point's path through one breath cycle: its animation's keyframes as corners of the
 * square (shares 0..1 across and down) with where in the cycle they fall, the cycle's
 * length and how many cycles the animation runs.
 */
async function dotPath(page: Page) {
  return page.evaluate(() => {
    const size = document.querySelector<HTMLElement>('[data-testid="guide-square"]')!.clientWidth;
    const anim = document.querySelector('[data-testid="guide-dot"]')!.getAnimations()[0]!;
    const effect = anim.effect as KeyframeEffect;
    const share = (v: number) => Math.round((v / size) * 100) / 100;
    return {
      keys: effect.getKeyframes().map((k) => {
        const [x, y] = [...String(k.transform).matchAll(/(-?[\d.]+)px/g)].map((m) => Number(m[1]));
        return [k.computedOffset, share(x!), share(y!)];
      }),
      cycleMs: effect.getTiming().duration,
      cycles: effect.getTiming().iterations,
    };
  });
}

/** Where the point is drawn right now (its animation runs in real time), as shares of the square. */
async function dotNow(page: Page) {
  return page.evaluate(() => {
    const sq = document.querySelector('[data-testid="guide-square"]')!.getBoundingClientRect();
    const dot = document.querySelector('[data-testid="guide-dot"]')!.getBoundingClientRect();
    return {
      x: (dot.left + dot.width / 2 - sq.left) / sq.width,
      y: (dot.top + dot.height / 2 - sq.top) / sq.height,
    };
  });
}

test('box on a phone: immersive, idle controls, a square path, cues per phase, Media Session, a calm end', async ({
  page,
}) => {
  await instrument(page, 'light');
  await openSession(page, '/session/classic?pattern=box');
  await expect(page.locator('.app-header')).toBeVisible();
  await startSession(page);

  // The chrome recedes; the keyboard hint stays away on a touch screen.
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.locator('.app-footer')).toBeHidden();
  await expect(page.getByText('Keys: Space pause or resume')).toBeHidden();
  const stage = page.getByTestId('immersive-session');
  await expect(stage).toHaveAttribute('data-controls', 'shown');

  // Box: a point traces the square, one side per phase (start, then the middle of each side).
  await expect(page.getByTestId('breath-visual')).toHaveAttribute('data-guide', 'square');
  expect(await dotPath(page)).toEqual({
    keys: [
      [0, 0, 1], // inhale: up the left side,
      [0.25, 0, 0],
      [0.25, 0, 0], // hold: across the top,
      [0.5, 1, 0],
      [0.5, 1, 0], // exhale: down the right side,
      [0.75, 1, 1],
      [0.75, 1, 1], // hold: back along the bottom
      [1, 0, 1],
    ],
    cycleMs: 16_000,
    cycles: 10,
  });
  // The words jump with the breath on the same clock: the name's strip steps line by line.
  const words = await page.evaluate(() => {
    const track = document.querySelector('.word-strip--label .word-strip__track')!;
    const effect = track.getAnimations()[0]!.effect as KeyframeEffect;
    return {
      lines: [...track.children].map((c) => c.textContent),
      steps: effect.getKeyframes().map((k) => [k.computedOffset, String(k.transform)]),
    };
  });
  expect(words.lines).toEqual(['Inhale', 'Hold', 'Exhale', 'Hold']);
  expect(words.steps.map(([o]) => o)).toEqual([0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1]);
  expect(new Set(words.steps.map(([, t]) => t)).size).toBe(4);
  // Wherever it is drawn, the point is on the square's outline.
  const p = await dotNow(page);
  expect(Math.min(p.x, 1 - p.x, p.y, 1 - p.y), JSON.stringify(p)).toBeLessThan(0.02);
  await page.clock.runFor(14_000);

  // 14 s without input: the controls have faded (and the Pause button with them).
  await expect(stage).toHaveAttribute('data-controls', 'hidden');
  const pause = page.getByTestId('pause-toggle');
  await expect
    .poll(() => pause.evaluate((b) => getComputedStyle(b.parentElement!).opacity))
    .toBe('0');
  // A tap on the faded Stop button only brings the controls back: the session goes on.
  await page.getByRole('button', { name: 'Stop' }).tap();
  await expect(stage).toHaveAttribute('data-controls', 'shown');
  await expect(pause).toHaveText('Pause');
  await page.clock.runFor(4100);
  await expect(stage).toHaveAttribute('data-controls', 'hidden');
  await stage.tap({ position: { x: 200, y: 400 } });
  await expect(stage).toHaveAttribute('data-controls', 'shown');
  await expect
    .poll(() => pause.evaluate((b) => getComputedStyle(b.parentElement!).opacity))
    .toBe('1');

  // Each phase vibrates its own pattern.
  const vibrations = await page.evaluate(() => window.__vibrations);
  const byPhase = new Map(vibrations.map((v) => [v.phase, JSON.stringify(v.pattern)]));
  expect([...byPhase.keys()].sort()).toEqual(['exhale', 'hold', 'inhale', 'pause']);
  expect(new Set([byPhase.get('inhale'), byPhase.get('hold'), byPhase.get('exhale')]).size).toBe(3);

  // Media Session: the lock screen names the pattern; its pause and play drive the session.
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe('Box Breathing');
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.album)).toBe('Classic session');
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');
  await page.evaluate(() => window.__mediaHandlers.pause?.());
  await page.clock.runFor(100);
  await expect(pause).toHaveText('Resume');
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe('paused');
  await page.clock.runFor(10_000); // paused: controls stay
  await expect(stage).toHaveAttribute('data-controls', 'shown');
  await page.evaluate(() => window.__mediaHandlers.play?.());
  await page.clock.runFor(100);
  await expect(pause).toHaveText('Pause');

  // The last cycle (the 10th, from 144 s of practice) is announced. About 18.2 s are
  // practised so far (14 s, 4.1 s, and the frame the pause took); run on to 146 s.
  await page.clock.runFor(146_000 - 18_200);
  await expect(page.getByTestId('session-cycles')).toHaveText('9 / 10');
  await expect(page.getByTestId('last-cycle-note')).toHaveText('Last cycle');
  await expect(page.getByTestId('phase-announcer')).toHaveText('Last cycle. Inhale, 4 seconds');

  // The end arrives on the same calm stage; Continue leads on to the results.
  await page.clock.runFor(14_300);
  await expect(page.getByRole('heading', { name: 'Session complete' })).toBeVisible();
  await expect(page.locator('.app-header')).toBeHidden();
  expect(await page.evaluate(() => navigator.mediaSession.metadata)).toBeNull();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click(); // unlock (first classic session)
  await page.getByRole('button', { name: 'View Results' }).click();
  await expect(page).toHaveURL(/\/results\?id=/);
  await expect(page.getByTestId('result-cycles')).toHaveText('10 / 10');
  await expect(page.locator('.app-header')).toBeVisible();
});

test('a bloom stays still on a hold while its dots count the seconds; axe passes in light, dark and dim', async ({
  page,
}) => {
  await instrument(page, 'light');
  await openSession(page, '/session/classic?pattern=relaxation');
  await startSession(page);
  await expect(page.getByTestId('breath-visual')).toHaveAttribute('data-guide', 'bloom');

  // 4-7-8 (19 s a cycle): the flower opens through the inhale, stays as it is all through
  // the hold (4 s to 11 s) and closes through the exhale; a dot goes out each second.
  const flower = await page.evaluate(() => {
    const anim = document.querySelector('[data-testid="guide-flower"]')!.getAnimations()[0]!;
    const effect = anim.effect as KeyframeEffect;
    return {
      keys: effect.getKeyframes().map((k) => [k.computedOffset, String(k.transform)]),
      cycleMs: effect.getTiming().duration,
    };
  });
  expect(flower.cycleMs).toBe(19_000);
  const within = (from: number, to: number) =>
    flower.keys.filter(
      ([o]) => (o as number) >= from / 19 - 1e-9 && (o as number) <= to / 19 + 1e-9,
    );
  expect(new Set(within(4, 11).map(([, t]) => t))).toEqual(new Set(['rotate(60deg) scale(1)']));
  expect(within(0, 4).length).toBeGreaterThan(10); // eased: many points
  expect(flower.keys[0]![1]).toBe('rotate(0deg) scale(0.55)');
  expect(flower.keys.at(-1)![1]).toBe('rotate(0deg) scale(0.55)');
  const lit = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('.hold-dots__dot')].filter(
          (d) => d.style.opacity === '1',
        ).length,
    );
  await page.clock.runFor(4500);
  await expect(page.getByTestId('phase-label')).toHaveText('Hold');
  expect(await lit()).toBe(7);
  await page.clock.runFor(2000);
  expect(await lit()).toBe(5);
  await page.clock.runFor(5000);
  await expect(page.getByTestId('phase-label')).toHaveText('Exhale');
  expect(await lit()).toBe(0);

  // axe in light, then dark (low blue) and dim, chosen in 'Sound and display'.
  await axeSettled(page, 'immersive session, light');
  await page.getByRole('button', { name: 'Sound and display' }).click();
  await page.getByRole('radio', { name: 'Dark (low blue light)' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await axeSettled(page, 'sound and display, dark');
  await page.getByRole('switch', { name: 'Dim the session' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('immersive-session')).toHaveClass(/theme-dim/);
  await expect(page.getByRole('button', { name: 'Dim' })).toHaveAttribute('aria-pressed', 'true');
  await axeSettled(page, 'immersive session, dark and dim');
  await page.getByRole('button', { name: 'Dim' }).click();
  await axeSettled(page, 'immersive session, dark');
});

test('with reduced motion the guide is a bar that fills in place through each phase', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await instrument(page, 'light');
  await openSession(page, '/session/classic?pattern=box');
  await startSession(page);
  await expect(page.getByTestId('breath-visual')).toHaveAttribute('data-guide', 'calm');
  await expect(page.getByTestId('guide-square')).toHaveCount(0);
  const fill = await page.evaluate(() => {
    const effect = document.querySelector('.breath__fill')!.getAnimations()[0]!
      .effect as KeyframeEffect;
    return effect.getKeyframes().map((k) => [k.computedOffset, String(k.transform)]);
  });
  expect(fill).toEqual([
    [0, 'scaleX(0)'],
    [0.25, 'scaleX(1)'],
    [0.25, 'scaleX(0)'],
    [0.5, 'scaleX(1)'],
    [0.5, 'scaleX(0)'],
    [0.75, 'scaleX(1)'],
    [0.75, 'scaleX(0)'],
    [1, 'scaleX(1)'],
  ]);
  await page.clock.runFor(4100);
  await expect(page.getByTestId('phase-label')).toHaveText('Hold');
});

test.describe('on a desktop with a keyboard and mouse', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });

  test('the keyboard hint shows, a mouse move brings the controls back, F goes full screen', async ({
    page,
  }) => {
    await instrument(page, 'light');
    await openSession(page, '/session/classic?pattern=box');
    await startSession(page);
    await expect(page.getByText('Keys: Space pause or resume')).toBeVisible();
    const stage = page.getByTestId('immersive-session');
    await page.clock.runFor(4100);
    await expect(stage).toHaveAttribute('data-controls', 'hidden');
    await page.mouse.move(300, 300);
    await page.mouse.move(320, 320);
    await expect(stage).toHaveAttribute('data-controls', 'shown');
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await expect(page.getByRole('button', { name: 'Full screen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Keyboard focus keeps the controls on screen.
    await page.keyboard.press('Tab');
    await page.clock.runFor(10_000);
    await expect(stage).toHaveAttribute('data-controls', 'shown');
  });
});
