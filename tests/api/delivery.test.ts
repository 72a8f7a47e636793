import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { TEST_HASH_COST } from '../../server/auth/password.ts';
import { ManualClock } from '../../server/clock.ts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from '../../server/http/delivery.ts';
import { DEMO_PASSWORD, openTestDatabase, type TestDatabase } from './support/test-app.ts';

/**
 * How the console is delivered (issue 9 section 2): the client's files precompressed (br, gzip) and API
 * answers compressed on the way out, hashed assets cached a year as immutable and the rest revalidated,
 * HEAD answered wherever GET is. The client folder is a small stand-in build with the shape vite writes.
 */
const ASSET = '/assets/main-AbCd1234.js';
const script = `export const greeting = ${JSON.stringify('hello '.repeat(600))};\n`;
const html = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`;

let database: TestDatabase;
let app: FastifyInstance;
let clientDir: string;
let token: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'client-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(join(clientDir, 'index.html'), html);
  writeFileSync(join(clientDir, ASSET), script);
  writeFileSync(join(clientDir, `${ASSET}.br`), brotliCompressSync(script));
  writeFileSync(join(clientDir, `${ASSET}.gz`), gzipSync(script));
  database = await openTestDatabase();
  app = await buildApp({ db: database.db, clock: new ManualClock(), hashCost: TEST_HASH_COST, clientDir, config: { production: false, smtpUrl: null } });
  const login = await app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: { username: 'admin@provider.example', password: DEMO_PASSWORD } });
  token = login.json().accessToken;
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
  rmSync(clientDir, { recursive: true, force: true });
});

describe("the client's files", () => {
  it.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
  ] as const)('a hashed asset comes %s-compressed, cached for a year as immutable', async (encoding, decode) => {
    const response = await app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(decode(response.rawPayload).toString()).toBe(script);
  });

  it('a browser that accepts no compression gets the file as it is', async () => {
    const response = await app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(script);
  });

  it.each(['/', '/login', '/agency/dashboard', '/index.html'])('the page %s is never cached without asking again', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it.each(['/login', ASSET])('HEAD %s answers like GET without a body', async (url) => {
    const head = await app.inject({ method: 'HEAD', url });
    const get = await app.inject({ method: 'GET', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
  });
});

describe('API answers', () => {
  it.each(['br', 'gzip'])('a large JSON answer is %s-compressed', async (encoding) => {
    const response = await app.inject({ method: 'GET', url: '/api/definitions/v1/bundle', headers: { 'accept-encoding': encoding, authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    const body = encoding === 'br' ? brotliDecompressSync(response.rawPayload) : gunzipSync(response.rawPayload);
    expect(JSON.parse(body.toString())).toBeTypeOf('object');
    expect(response.rawPayload.length).toBeLessThan(body.length / 3);
  });

  it('a small answer is sent as it is', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/console-version', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('HEAD of a GET operation answers with its status and no body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/api/console-version' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
