import type { FastifyReply } from 'fastify';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { HandlerModule } from '../../contract/handlers.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import { findManagedUser } from '../users/repository.ts';
import { PICTURE_MAX_BYTES, PICTURE_MESSAGES, cropPicture, inspectPicture, type PictureType } from './image.ts';

interface UploadRow {
  upload: Buffer | null;
  upload_type: PictureType | null;
  upload_width: number | null;
  upload_height: number | null;
}

interface PictureRow {
  picture: Buffer;
  picture_type: string;
  picture_updated_at: Date;
}

/** Is the multipart parser's refusal of a file over the limit (@fastify/multipart's RequestFileTooLargeError). */
function isTooLarge(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Where the picture is read; the version changes with each new picture, so caches never show an old one. */
function avatarUrlOf(at: Date): string {
  return `/api/user/v1/pic?v=${at.getTime()}`;
}

function sendPicture(reply: FastifyReply, row: PictureRow) {
  return reply
    .header('content-type', row.picture_type)
    .header('cache-control', 'private, no-cache')
    .header('last-modified', new Date(row.picture_updated_at).toUTCString())
    .send(row.picture);
}

/**
 * Profile pictures (spec 001 section 7 Pictures and logos): a user uploads an image, crops a square of it on
 * the server, and the cropped picture is shown in their avatar. Uploads are checked by their bytes and size.
 */
export const handlers: HandlerModule = ({ db, clock }) => ({
  async uploadInitialPicture(request) {
    const caller = callerOf(request);
    let bytes: Buffer;
    try {
      const file = await request.file({ limits: { fileSize: PICTURE_MAX_BYTES } });
      if (!file) throw new HttpError(400, PICTURE_MESSAGES.noFile);
      bytes = await file.toBuffer();
    } catch (error) {
      if (isTooLarge(error)) throw new HttpError(413, PICTURE_MESSAGES.tooBig);
      throw error;
    }
    if (bytes.length === 0) throw new HttpError(400, PICTURE_MESSAGES.noFile);
    const image = await inspectPicture(bytes);
    await db.query(
      `INSERT INTO user_pictures (user_id, upload, upload_type, upload_width, upload_height, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET upload = EXCLUDED.upload, upload_type = EXCLUDED.upload_type, upload_width = EXCLUDED.upload_width,
         upload_height = EXCLUDED.upload_height, uploaded_at = EXCLUDED.uploaded_at`,
      [caller.userId, bytes, image.contentType, image.width, image.height, clock.now()],
    );
    return image;
  },

  async cropPicture(request) {
    const caller = callerOf(request);
    const { xCoordinate: x, yCoordinate: y, size } = request.query;
    const [row] = await db.query<UploadRow>('SELECT upload, upload_type, upload_width, upload_height FROM user_pictures WHERE user_id = $1', [caller.userId]);
    if (!row?.upload || !row.upload_type || !row.upload_width || !row.upload_height) throw notFound(PICTURE_MESSAGES.nothingToCrop);
    if (x >= row.upload_width || y >= row.upload_height) throw new HttpError(400, PICTURE_MESSAGES.outside);
    const side = size ?? Math.min(row.upload_width - x, row.upload_height - y);
    const cropped = await cropPicture(Buffer.from(row.upload), row.upload_type, { x, y, size: side });
    const now = clock.now();
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE user_pictures SET picture = $2, picture_type = $3, picture_updated_at = $4, upload = NULL, upload_type = NULL,
           upload_width = NULL, upload_height = NULL, uploaded_at = NULL WHERE user_id = $1`,
        [caller.userId, cropped.picture, cropped.contentType, now],
      );
      await tx.query('UPDATE users SET avatar_url = $2 WHERE id = $1', [caller.userId, avatarUrlOf(now)]);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'user.picture-update', target: caller.userId, address: request.ip,
        detail: { crop: { x, y, size: side }, contentType: cropped.contentType, bytes: cropped.picture.length },
      });
    });
    return { message: PICTURE_MESSAGES.uploaded, avatarUrl: avatarUrlOf(now) };
  },

  async getMyPicture(request, reply) {
    const caller = callerOf(request);
    const [row] = await db.query<PictureRow>(
      'SELECT picture, picture_type, picture_updated_at FROM user_pictures WHERE user_id = $1 AND picture IS NOT NULL',
      [caller.userId],
    );
    if (!row) throw notFound(PICTURE_MESSAGES.noPicture);
    return sendPicture(reply, row);
  },

  async getUserPicture(request, reply) {
    const caller = callerOf(request);
    const user = await findManagedUser(db, caller, { email: request.params.email });
    const [row] = user
      ? await db.query<PictureRow>('SELECT picture, picture_type, picture_updated_at FROM user_pictures WHERE user_id = $1 AND picture IS NOT NULL', [user.id])
      : [];
    if (!row) throw notFound(PICTURE_MESSAGES.noPicture);
    return sendPicture(reply, row);
  },

  async deleteMyPicture(request) {
    const caller = callerOf(request);
    await db.transaction(async (tx) => {
      const removed = await tx.query('DELETE FROM user_pictures WHERE user_id = $1 RETURNING user_id', [caller.userId]);
      await tx.query('UPDATE users SET avatar_url = NULL WHERE id = $1', [caller.userId]);
      if (removed.length > 0) await audit(tx, clock, { actorUserId: caller.userId, action: 'user.picture-delete', target: caller.userId, address: request.ip });
    });
    return { message: PICTURE_MESSAGES.removed };
  },
});
