/**
 * Firefox ESR (Debian's firefox-esr) driven by puppeteer-core over WebDriver BiDi (no
 * geckodriver), headless. `firefoxAvailable()` says whether this machine has it.
 */
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';

const FIREFOX = '/usr/lib/firefox-esr/firefox-esr';

export function firefoxAvailable() {
  return existsSync(FIREFOX);
}

/**
 * Starts Firefox with one page; `quit()` closes it. `prefs` are extra about:config
 * preferences (e.g. Firefox's fake camera for the camera journey).
 */
export async function startFirefox({ prefs = {} } = {}) {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocolTimeout: 60_000,
    extraPrefsFirefox: prefs,
  });
  const page = await browser.newPage();
  return { page, quit: () => browser.close().catch(() => undefined) };
}
