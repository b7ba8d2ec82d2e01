// Where Debian's Chromium lives and the flags that keep it headless, quiet and offline.
import { existsSync } from 'node:fs';

/** Path of the Chromium binary: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || '/usr/bin/chromium';
}

/** True when the Chromium binary is present. */
export function hasChromium() {
  return existsSync(chromiumPath());
}

/** Flags for a headless, offline Chromium (no background networking, no sandbox as root). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
];

/** Launch options for playwright-core's `chromium.launch`. */
export function chromiumLaunchOptions() {
  return { executablePath: chromiumPath(), args: chromiumArgs };
}
