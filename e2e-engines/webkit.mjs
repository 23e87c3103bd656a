/**
 * WebKitGTK (Debian's webkit2gtk-driver: WebKitWebDriver and MiniBrowser) driven over W3C
 * WebDriver with selenium-webdriver, under its own Xvfb display (MiniBrowser has no
 * headless mode). `webkitAvailable()` says whether this machine has them.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder } from 'selenium-webdriver';

const DRIVER = '/usr/bin/WebKitWebDriver';
const BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

export function webkitAvailable() {
  return existsSync(DRIVER) && existsSync(BROWSER) && existsSync('/usr/bin/Xvfb');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what} did not start in ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts Xvfb, WebKitWebDriver and a MiniBrowser session; `quit()` ends all three.
 * `pageLoadStrategy: 'none'` makes navigations return at once (to leave pages while they
 * start); openHydrated (journeys.mjs) then waits for the new page itself. `browserArgs` go to
 * MiniBrowser (e.g. `--user-agent=...`: each WebKitSettings property is an option).
 */
export async function startWebKit({ pageLoadStrategy = 'normal', browserArgs = [], screen = '1280x900' } = {}) {
  const display = `:${100 + (process.pid % 400)}`;
  const xvfb = spawn('/usr/bin/Xvfb', [display, '-screen', '0', `${screen}x24`, '-nolisten', 'tcp'], {
    stdio: 'ignore',
  });
  await waitFor(() => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`), 'Xvfb');
  const port = await freePort();
  const driverProcess = spawn(DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display },
  });
  await waitFor(
    () => fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false),
    'WebKitWebDriver',
  );
  const driver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({
      browserName: 'MiniBrowser',
      pageLoadStrategy,
      'webkitgtk:browserOptions': { binary: BROWSER, args: ['--automation', ...browserArgs] },
    })
    .build();
  await driver.manage().setTimeouts({ script: 30_000, pageLoad: 60_000 });
  return {
    driver,
    async quit() {
      await driver.quit().catch(() => undefined);
      driverProcess.kill();
      xvfb.kill();
    },
  };
}
