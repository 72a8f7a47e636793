/** The port end-to-end tests serve on (E2E_PORT, 4173 by default), so two runs on one machine need not collide. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** A host name the UK edition answers on; the test browser resolves it to this machine (tests/support/chromium.ts). */
export const UK_HOST = 'console.example.uk';
export const E2E_UK_ORIGIN = `http://${UK_HOST}:${E2E_PORT}`;
