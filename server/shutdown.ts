import type { FastifyInstance } from 'fastify';
import { SHUTDOWN_GRACE_MS } from './constants.ts';
import type { Database } from './db/database.ts';

/**
 * Graceful shutdown of the running server (server/main.ts) on SIGTERM (an orchestrator, `docker stop`, systemd)
 * and SIGINT (Ctrl-C), so a deploy or a restart costs no request and leaves no database to recover:
 * 1. `app.close()` stops accepting connections and lets the requests in flight finish: Fastify closes the
 *    listener and the idle keep-alive connections, answers a new request on a connection still open with 503 and
 *    `Connection: close`, and waits for the rest. A connection still in the listen backlog, or whose request the
 *    server has not begun to read, is reset, as with any server that stops listening; clients retry those.
 * 2. The same close runs the app's onClose hooks, which stop the background work: the invoice reminder timer
 *    (a sweep under way finishes first).
 * 3. The database closes: the pool's connections, or PGlite, which writes a shutdown checkpoint, so its folder
 *    opens next time without crash recovery.
 * 4. Exit 0. Not closed within `graceMs` (a request that does not end), or a second signal (Ctrl-C pressed again):
 *    exit 1 at once, without closing the database under the requests still running. That is a crash as far as the
 *    database knows, and it copes: PostgreSQL rolls their transactions back, PGlite recovers at the next open
 *    (`npm run test:durability` kills the server with SIGKILL mid-write on both).
 * Call before the app is ready (it adds a hook).
 */
export function closeOnSignals(app: FastifyInstance, db: Database, graceMs: number = SHUTDOWN_GRACE_MS): void {
  let draining = false;
  // Node's server.close() ends only the connections idle at that moment. One whose request is in flight would stay
  // open after its answer for the keep-alive timeout (72 s), and hold the close up that long: seen with a browser's
  // or fetch's pooled connections. So while draining, every answer tells its client to close the connection.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  const drain = async (signal: NodeJS.Signals) => {
    draining = true;
    console.log(`${signal}: no new connections; finishing the requests in flight, then closing the database.`);
    setTimeout(() => {
      console.error(`Not closed ${graceMs / 1000} s after ${signal} (a request still running); exiting without waiting for it.`);
      process.exit(1);
    }, graceMs);
    try {
      await app.close();
      await db.close();
    } catch (error) {
      console.error('The shutdown failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    }
    console.log('Closed.');
    process.exit(0);
  };

  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      console.error(`${signal} again: exiting without waiting for the requests in flight.`);
      process.exit(1);
    }
    void drain(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
