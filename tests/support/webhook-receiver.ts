import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine, for the suites that check what the server delivers. */
export interface WebhookReceiver {
  /** 'http://0:NNNNN/h': host 0 reaches this machine, and the URL has the webhook form's exact 16 characters. */
  readonly url: string;
  /** Every request, in order of arrival. */
  readonly received: ReceivedRequest[];
  /** The status it answers with (200 unless changed). */
  answer: number;
  close(): Promise<void>;
}

/**
 * Starts a receiver on a port the system picks. Those come from the ephemeral range (32768 to 60999 on
 * Linux), five digits, so the URL fits the webhook form; a port that does not is refused loudly.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  const state = { answer: 200 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk)).on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(state.answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://0:${(server.address() as AddressInfo).port}/h`;
  if (url.length !== 16) throw new Error(`The receiver's URL ${url} is not 16 characters long`);
  return {
    url,
    received,
    get answer() {
      return state.answer;
    },
    set answer(status: number) {
      state.answer = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
