/**
 * Debian's Chromium, as the journeys and Lighthouse launch it: no browser is downloaded here, and these
 * flags keep it off the network apart from the shop on loopback (the machine's network is closed).
 */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
