import { expectNoSeriousA11yViolations } from './a11y';
import { expect, gotoHydrated, test } from './fixtures';

/**
 * Settings > Heart-rate strap against `npm start` in Chromium, with a FAKE
 * `navigator.bluetooth` written here (an init script): a device whose Heart Rate
 * Measurement characteristic sends the byte vectors the test pushes. It proves the flow
 * (chooser asked for the Heart Rate service 0x180D, connect, notifications read by the
 * parser, the figures shown, an unreadable notification counted, disconnect) and the
 * sentence where the browser has no Web Bluetooth. Does not prove: a real strap or the
 * browser's real Bluetooth stack (none exists on this machine), nor Android.
 */

declare global {
  interface Window {
    fakeStrap: { emit(bytes: number[]): void; requested: unknown[]; drop(): void };
  }
}

test('a strap connects, its heart rate and RMSSD show, and it disconnects (fake navigator.bluetooth)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const requested: unknown[] = [];
    const characteristic = Object.assign(new EventTarget(), {
      value: null as DataView | null,
      startNotifications: async () => characteristic,
    });
    const device = Object.assign(new EventTarget(), {
      name: 'Fake strap',
      gatt: {
        connected: false,
        connect: async () => ({
          getPrimaryService: async (s: number) => {
            if (s !== 0x180d) throw new Error('no such service');
            return {
              getCharacteristic: async (c: number) => {
                if (c !== 0x2a37) throw new Error('no such characteristic');
                return characteristic;
              },
            };
          },
        }),
        disconnect: () => device.dispatchEvent(new Event('gattserverdisconnected')),
      },
    });
    Object.defineProperty(Navigator.prototype, 'bluetooth', {
      configurable: true,
      get: () => ({
        requestDevice: async (options: unknown) => {
          requested.push(options);
          return device;
        },
      }),
    });
    window.fakeStrap = {
      requested,
      emit(bytes) {
        characteristic.value = new DataView(new Uint8Array(bytes).buffer);
        characteristic.dispatchEvent(new Event('characteristicvaluechanged'));
      },
      drop: () => device.dispatchEvent(new Event('gattserverdisconnected')),
    };
  });
  await gotoHydrated(page, '/settings#heart');
  const panel = page.getByTestId('heart-strap');
  await panel.getByRole('button', { name: 'Connect a heart-rate strap' }).click();
  await expect(panel.getByRole('status')).toHaveText('Connected to Fake strap.');
  expect(await page.evaluate(() => window.fakeStrap.requested)).toEqual([
    { filters: [{ services: [0x180d] }] },
  ]);
  await expect(panel.getByTestId('strap-heart-rate')).toHaveText('Waiting for the strap…');

  // Flags 0x16: contact detected, uint8 value, RR present. RR 1024/1024 s = 1000 ms.
  await page.evaluate(() => window.fakeStrap.emit([0x16, 60, 0x00, 0x04]));
  await expect(panel.getByTestId('strap-heart-rate')).toHaveText('60 beats a minute');
  await expect(panel.getByTestId('strap-beat-rate')).toHaveText(
    '60 beats a minute, from its beat-to-beat interval',
  );
  await expect(panel.getByTestId('strap-rmssd')).toHaveText('Not measured yet.');
  // Flags 0x17: 16-bit value 64, two RRs 960 and 896 (/1024 s) = 937.5 and 875 ms.
  await page.evaluate(() => window.fakeStrap.emit([0x17, 64, 0, 0xc0, 0x03, 0x80, 0x03]));
  await expect(panel.getByTestId('strap-heart-rate')).toHaveText('64 beats a minute');
  // The last beat: 60000 / 875 ms = 68.6, shown 69 (the strap itself said 64).
  await expect(panel.getByTestId('strap-beat-rate')).toHaveText(
    '69 beats a minute, from its beat-to-beat interval',
  );
  // Differences -62.5 and -62.5 ms: RMSSD 62.5 ms over 3 beats.
  await expect(panel.getByTestId('strap-rmssd')).toHaveText('62.5 ms over the last 3 beats');
  // RR flagged with an odd byte: unreadable, counted, the figures stay.
  await page.evaluate(() => window.fakeStrap.emit([0x10, 0x48, 0x00]));
  await expect(panel.getByTestId('strap-unreadable')).toHaveText(
    'One reading from the strap could not be read.',
  );
  await expect(panel.getByTestId('strap-heart-rate')).toHaveText('64 beats a minute');
  // Contact lost (bits 1-2 = 2).
  await page.evaluate(() => window.fakeStrap.emit([0x04, 66]));
  await expect(panel).toContainText('The strap does not touch the skin');
  await expectNoSeriousA11yViolations(page, 'Settings with a strap connected', '#heart');

  await panel.getByRole('button', { name: 'Disconnect the strap' }).click();
  await expect(panel.getByRole('status')).toHaveText('The strap is disconnected.');
  await expect(panel.getByRole('button', { name: 'Connect a heart-rate strap' })).toBeVisible();
});

test('without Web Bluetooth, Settings says this browser cannot connect to straps', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (Navigator.prototype as { bluetooth?: unknown }).bluetooth;
  });
  await gotoHydrated(page, '/settings');
  await expect(page.locator('#heart')).toContainText(
    'This browser cannot connect to heart-rate straps.',
  );
  await expect(page.getByRole('button', { name: 'Connect a heart-rate strap' })).toHaveCount(0);
});
