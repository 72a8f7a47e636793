import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Hashed build files (dist/client/assets/name-hash.js) never change under their name: a year, immutable. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Everything else the client is made of (index.html, the old-browser notice) is checked on every load. */
export const REVALIDATE_CACHE = 'no-cache';
/** Answers smaller than this are sent as they are: compressing them costs more than it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/**
 * Brotli quality for answers compressed as they are sent (JSON): 4 is fast and still smaller than gzip;
 * the client's own files are compressed once at build time at the highest quality (vite.config.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 4;

/** br and gzip for API answers (the client's files come precompressed, see registerClientFiles). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
  });
}

function isHashedAsset(path: string): boolean {
  return /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.(br|gz))?$/.test(path);
}

/**
 * The built client: .br and .gz files written next to each file at build time are sent to browsers that
 * accept them, hashed assets are cached for a year, the rest revalidates. Files are looked up per request,
 * so a rebuilt client needs no restart.
 */
export async function registerClientFiles(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    // @fastify/static 10 hands setHeaders the reply (its typings still say ServerResponse).
    setHeaders: (reply: unknown, path: string) => {
      (reply as FastifyReply).header('Cache-Control', isHashedAsset(path) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
}
