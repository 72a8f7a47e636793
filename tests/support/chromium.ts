/** Launch options shared by Playwright tests and benchmarks: Debian's Chromium, headless, no network chatter. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The UK edition is chosen by a .uk host name; the test browser resolves the tests' one to this machine.
    '--host-resolver-rules=MAP console.example.uk 127.0.0.1',
  ],
};
