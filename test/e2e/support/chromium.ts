// Debian's Chromium driven by playwright-core (`npx playwright install` cannot download here).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

// The flags of ../shared/STACK.md: without the background-networking ones Chromium floods the
// closed network with refused connections.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, but no file is there.`);
    return fromEnv;
  }
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      `Chromium not found (looked at ${candidates.join(', ')}). Install Debian's browser with ` +
        '`apt-get update && apt-get install -y chromium`, or set CHROMIUM_PATH to its executable.',
    );
  }
  return found;
}

export interface LaunchedChromium {
  /** The browser: journeys open their own isolated context with `browser.newContext()`. */
  browser: Browser;
  /** The persistent context of the fresh profile Chromium was started with. */
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts Chromium on a fresh temporary profile; `close()` stops it and removes the profile. */
export async function launchChromium(): Promise<LaunchedChromium> {
  const executablePath = findChromium();
  const profile = mkdtempSync(join(tmpdir(), 'console-e2e-profile-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: chromiumArgs,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const browser = context.browser();
  if (!browser) {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    throw new Error('playwright-core returned a persistent context without its browser.');
  }
  let closed: Promise<void> | undefined;
  return {
    browser,
    context,
    close() {
      closed ??= context.close().finally(() => rmSync(profile, { recursive: true, force: true }));
      return closed;
    },
  };
}
