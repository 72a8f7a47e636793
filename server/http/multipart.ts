import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';

/**
 * The most any uploaded file may weigh, whatever the operation: each upload handler reads its one file with
 * its own, smaller limit (`request.file({ limits: { fileSize } })`) and answers its own size message. The
 * parser streams parts, so nothing larger than the handler's limit is ever held in memory.
 */
export const MULTIPART_MAX_FILE_BYTES = 10 * 1024 * 1024;

/**
 * multipart/form-data for the upload operations (their contract bodies are multipart, so no JSON schema or
 * form check applies). Registered once for the whole app; a handler takes its file with `request.file()`.
 * Only a few small text fields ride along with a file (a state, a tag list).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(fastifyMultipart, {
    limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21, headerPairs: 200 },
  });
}
