import type { Page } from '@playwright/test';
import { test, expect, gotoHydrated, linkPath } from './fixtures';
import { getLocalRows, putLocalRows } from './localDb';
import { confirmEnd } from './practise';

/**
 * One way to start, from every door (issue 49, item 4): each door that offers practice
 * reaches the breath's first inhale through one 'Start' (or, for the play button, the play
 * button itself), plays its cues from one playing <audio> element whose time advances, and
 * keeps the promise of 'Practice without tracking': on, nothing is stored; off, exactly one
 * session of the pattern or program the door showed, which /progress then counts and lists.
 * Real Chromium, the production build, real time (Playwright's clock does not move a media
 * element); every session is ended early with Stop, or is an 8 s program left to finish.
 *
 * Not proven here: breathing together (host or guest), the screen's timing at each boundary
 * (session-cue-track, programs and calm specs), a signed-in member's upload, other engines,
 * a real phone. 'Nothing stored' reads the sessions, the recent patterns and the
 * first-session flag (the selected pattern is a choice, kept either way). The course is put on the device as a published course's local copy (the
 * page shows that copy; instructor.spec publishes one through the editor and the server).
 */

test.use({ viewport: { width: 390, height: 844 } });

const TIDE = {
  v: 1,
  kind: 'pattern',
  pattern: { name: 'Tide 2-1-2-1', inhale: 2, hold: 1, exhale: 2, hold_after_exhale: 1 },
};

/** A program of 8 s (box 2-2-2-2, one breath), left to finish on its own. */
const SHORT_PROGRAM = {
  v: 1,
  kind: 'program',
  program: {
    version: 1,
    name: 'One breath of box',
    description: 'Box 2-2-2-2 for one breath.',
    category: 'calm',
    segments: [
      {
        kind: 'breathe',
        phases: [
          { phase: 'inhale', seconds: 2 },
          { phase: 'hold', seconds: 2 },
          { phase: 'exhale', seconds: 2 },
          { phase: 'pause', seconds: 2 },
        ],
        seconds: 8,
      },
    ],
  },
};

const COURSE_ID = '4f1b2c3d-0000-4000-8000-00000000d00e';

/** A published course's copy on this device (data/coursesRepo), one day of Box Breathing. */
async function seedCourse(page: Page) {
  await gotoHydrated(page, '/courses');
  await putLocalRows(page, 'courses', [
    {
      id: COURSE_ID,
      instructorId: '4f1b2c3d-0000-4000-8000-0000000000aa',
      title: 'Doors course',
      description: 'One day of box breathing.',
      level: 'beginner',
      status: 'published',
      publishedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      syncState: 'synced',
      days: [
        {
          note: '',
          patterns: [
            {
              id: 'box',
              name: 'Box Breathing',
              inhale: 4,
              hold: 4,
              exhale: 4,
              hold_after_exhale: 4,
            },
          ],
        },
      ],
    },
  ]);
}

type Kind = 'pattern' | 'program';

interface Door {
  name: string;
  kind: Kind;
  /** The session's stored name and pattern id (a program's is `program:<id>`). */
  stored: { patternName: string; patternId?: string | RegExp };
  /** Opens the door and goes through it up to the one start (pressed by `start`). */
  open: (page: Page) => Promise<void>;
  /** The play button: the door is the start itself (no pre-session 'Start' follows). */
  playButton?: boolean;
  /**
   * The door fails its promise today: the case is test.fixme with this failure (the lead
   * decides). Remove it once the door is fixed.
   */
  fixme?: string;
  /** The session finishes on its own (an 8 s program) instead of being stopped. */
  finishes?: boolean;
}

const playButton = (page: Page, name: string) =>
  page
    .getByRole('button', { name: `Practice now: ${name}` })
    .or(page.getByRole('link', { name: `Practice now: ${name}` }));

const DOORS: Door[] = [
  {
    name: 'a pattern from home',
    kind: 'pattern',
    stored: { patternName: '4-7-8 Relaxation', patternId: 'relaxation' },
    open: async (page) => {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: /Better Sleep/ }).click();
      await page.getByRole('link', { name: 'Start Classic Session' }).click();
      await expect(page).toHaveURL(/\/session\/classic\?pattern=relaxation$/);
    },
  },
  {
    name: 'the library',
    kind: 'pattern',
    stored: { patternName: 'Box Breathing', patternId: 'box' },
    open: async (page) => {
      await gotoHydrated(page, '/patterns');
      await page.getByRole('button', { name: 'Use pattern: Box Breathing' }).first().click();
      await expect(page).toHaveURL(/\/session\/\w+\?pattern=box$/);
    },
  },
  {
    name: '/session (Practice)',
    kind: 'pattern',
    stored: { patternName: 'Box Breathing', patternId: 'box' },
    open: async (page) => {
      await gotoHydrated(page, '/session');
      // The one pre-session step of a classic session, with nothing remembered: Box Breathing.
      await expect(page).toHaveURL(/\/session\/classic$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Box Breathing');
    },
  },
  {
    // Camera mode's one 'Start' (issue 49): the camera is asked for in the pre-session step,
    // and nothing asks for a second start after the countdown. Not proven here: a session with
    // the camera on (vision.spec and first-minute.spec enable a fake camera first).
    name: '/session in camera mode (Enhanced)',
    kind: 'pattern',
    stored: { patternName: 'Box Breathing', patternId: 'box' },
    open: async (page) => {
      await gotoHydrated(page, '/session');
      await page
        .getByRole('navigation', { name: 'Session mode' })
        .getByRole('link', { name: 'Enhanced, with camera' })
        .click();
      await expect(page).toHaveURL(/\/session\/enhanced$/);
      await expect(page.getByRole('button', { name: 'Enable Camera' })).toBeVisible();
    },
  },
  {
    name: 'a program',
    kind: 'program',
    stored: { patternName: 'Rising Box', patternId: 'program:box-rising' },
    open: async (page) => {
      await gotoHydrated(page, '/programs/box-rising');
      await expect(page.getByRole('heading', { name: 'Rising Box' })).toBeVisible();
    },
  },
  {
    name: 'a course day',
    kind: 'pattern',
    stored: { patternName: 'Box Breathing', patternId: 'box' },
    open: async (page) => {
      await seedCourse(page);
      await gotoHydrated(page, `/courses/${COURSE_ID}`);
      await page.getByRole('button', { name: 'Practice Box Breathing' }).click();
      await expect(page).toHaveURL(/\/session\/classic\?pattern=box$/);
    },
  },
  {
    name: 'a pattern link',
    kind: 'pattern',
    stored: { patternName: 'Tide 2-1-2-1' },
    open: async (page) => {
      await gotoHydrated(page, linkPath(TIDE));
      await page.getByRole('button', { name: 'Practice now', exact: true }).click();
      await expect(page).toHaveURL(/\/session\/classic$/);
    },
  },
  {
    name: 'a program link',
    kind: 'program',
    finishes: true,
    stored: { patternName: 'One breath of box', patternId: /^program:/ },
    open: async (page) => {
      await gotoHydrated(page, linkPath(SHORT_PROGRAM));
      await expect(page.getByRole('heading', { name: 'One breath of box' })).toBeVisible();
    },
  },
  {
    name: 'the play button on home (the pattern it shows)',
    kind: 'pattern',
    playButton: true,
    stored: { patternName: '4-7-8 Relaxation', patternId: 'relaxation' },
    open: async (page) => {
      await gotoHydrated(page, '/');
      await page.getByRole('button', { name: /Better Sleep/ }).click();
      await playButton(page, '4-7-8 Relaxation').click();
    },
  },
  {
    name: "the play button on a pattern link's page",
    kind: 'pattern',
    playButton: true,
    stored: { patternName: 'Tide 2-1-2-1' },
    open: async (page) => {
      await gotoHydrated(page, linkPath(TIDE));
      await playButton(page, 'Tide 2-1-2-1').click();
    },
  },
  {
    name: "the play button on a program's page",
    kind: 'program',
    playButton: true,
    stored: { patternName: 'Rising Box', patternId: 'program:box-rising' },
    open: async (page) => {
      await gotoHydrated(page, '/programs/box-rising');
      await playButton(page, 'Rising Box').click();
    },
  },
  {
    name: "the play button on a program link's page",
    kind: 'program',
    playButton: true,
    finishes: true,
    stored: { patternName: 'One breath of box', patternId: /^program:/ },
    open: async (page) => {
      await gotoHydrated(page, linkPath(SHORT_PROGRAM));
      await playButton(page, 'One breath of box').click();
    },
  },
  {
    name: "the play button on a course's page",
    kind: 'pattern',
    playButton: true,
    stored: { patternName: 'Box Breathing', patternId: 'box' },
    open: async (page) => {
      await seedCourse(page);
      await gotoHydrated(page, `/courses/${COURSE_ID}`);
      await playButton(page, 'Box Breathing').click();
    },
  },
];

/** The one start: a single button that starts, named 'Start'; pressing it. */
async function pressTheOneStart(page: Page) {
  const start = page.getByRole('button', { name: 'Start', exact: true });
  await expect(start).toBeVisible();
  await expect(start).toBeEnabled();
  // No other control on the step offers to start something else (the bottom bar's play
  // button is the app's, not the step's: it is a door of its own, below).
  const names = await page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('button, a')]
      .filter((e) => (e as HTMLElement).offsetParent !== null)
      .map((e) => e.getAttribute('aria-label') ?? e.textContent?.trim() ?? '')
      .filter((n) => /\bstart\b|practi[cs]e now|begin/i.test(n)),
  );
  expect(names, 'controls that start something on the pre-session step').toEqual(['Start']);
  await page.evaluate(() => ((window as unknown as { __phases: string[] }).__phases = []));
  await start.click();
}

/**
 * Records, in the page, each phase the guide shows (a pattern's phase-label, a program's
 * step), so a first inhale of 2 s on a loaded machine is not missed between two looks.
 */
function recordPhases(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __phases: string[] };
    w.__phases = [];
    const read = () => {
      const text = [
        ...document.querySelectorAll('[data-testid="phase-label"], [data-testid="program-step"]'),
      ]
        .map((el) => el.textContent?.trim())
        .find(Boolean);
      if (text && w.__phases.at(-1) !== text) w.__phases.push(text);
    };
    (w as unknown as { __readPhase: () => void }).__readPhase = read;
    new MutationObserver(read).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

const phases = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __phases: string[]; __readPhase: () => void };
    w.__readPhase();
    return w.__phases;
  });

/** The breath began on its first inhale and the one <audio> element plays, its time advancing. */
async function expectBreathingOnAudio(page: Page) {
  // The guide mounts when the breath begins, after the 3 s countdown (slow on a loaded machine).
  await expect.poll(() => phases(page), { timeout: 20_000 }).not.toEqual([]);
  expect((await phases(page))[0], 'the first phase the guide showed').toBe('Inhale');
  const audio = page.locator('audio');
  await expect(audio).toHaveCount(1);
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => !a.paused && a.currentTime > 0.1), {
      timeout: 5_000,
    })
    .toBe(true);
  const t0 = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.waitForTimeout(300);
  const t1 = await audio.evaluate((a: HTMLAudioElement) => ({ t: a.currentTime, p: a.paused }));
  expect(t1.p).toBe(false);
  expect(t1.t).toBeGreaterThan(t0);
}

/** Ends the session early (Stop, then 'End session'), or waits for a short one to finish. */
async function endSession(page: Page, door: Door) {
  if (door.finishes) {
    await expect(page).toHaveURL(/\/results\?id=/, { timeout: 15_000 });
    return;
  }
  if (door.kind === 'program') {
    await page.getByTestId('program-stop').click();
    await expect(page).toHaveURL(/\/results\?id=/);
    return;
  }
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await confirmEnd(page);
  await expect(page.getByRole('heading', { name: /^Session (complete|ended)$/ })).toBeVisible();
}

const rows = (page: Page, store: string) => getLocalRows<Record<string, unknown>>(page, store);

for (const door of DOORS) {
  for (const tracking of [false, true]) {
    (door.fixme ? test.fixme : test)(
      `${door.name}: one start, the cues on a playing <audio>, ${tracking ? 'one session stored, in progress and history' : 'nothing stored without tracking'}`,
      async ({ page }) => {
        // door.fixme names the exact failure of a door that does not keep the promise yet.
        test.setTimeout(60_000);
        await recordPhases(page);
        if (!tracking)
          await page.addInitScript(() => localStorage.setItem('pneuma.noTracking', '1'));
        await door.open(page);
        if (!door.playButton) await pressTheOneStart(page);
        await expectBreathingOnAudio(page);
        await endSession(page, door);

        const sessions = await rows(page, 'sessions');
        if (!tracking) {
          expect(sessions).toEqual([]);
          expect(await rows(page, 'recentPatterns')).toEqual([]);
          expect(
            (await rows(page, 'flags')).filter((f) => f.key === 'hasCompletedSession'),
          ).toEqual([]);
          return;
        }
        expect(sessions).toHaveLength(1);
        const s = sessions[0]!;
        expect(s.patternName).toBe(door.stored.patternName);
        const id = door.stored.patternId;
        if (typeof id === 'string') expect(s.patternId).toBe(id);
        else if (id) expect(String(s.patternId)).toMatch(id);
        expect(Boolean(s.program)).toBe(door.kind === 'program');
        await gotoHydrated(page, '/progress');
        const history = page.locator('.history-list > li');
        await expect(history).toHaveCount(1, { timeout: 15_000 });
        await expect(history).toContainText(door.stored.patternName);
      },
    );
  }
}
