import fs from 'node:fs';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium; fails with how to install it. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  return candidate;
}
