import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { components } from '../../../api/schema.d.ts';
import { audit } from '../../audit.ts';
import { callerOf } from '../../auth/authenticate.ts';
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { HttpError, notFound } from '../../http/http-error.ts';
import type { Caller, Services } from '../../services.ts';
import type { TypedHandlers } from '../../contract/handlers.ts';
import { agencyReachCondition, agencyReachOf, agencyWriteReachOf } from './agency-reach.ts';
import { findAgency } from './repository.ts';

type AgencyLogo = components['schemas']['AgencyLogo'];
type LogoSize = 's' | 'm';

/** The two logos (spec 001 section 9): the most an upload may weigh and the size the crop is stored at. */
export const LOGO_SPECS: Readonly<Record<LogoSize, { maxBytes: number; width: number; height: number; tooBig: string }>> = {
  s: { maxBytes: 50 * 1024, width: 144, height: 144, tooBig: 'The file size is too big, 50KB max.' },
  m: { maxBytes: 150 * 1024, width: 300, height: 72, tooBig: 'The file size is too big, 150KB max.' },
};

/** Pictures larger than this in either direction are refused: a tiny file can still decode to a huge image. */
export const LOGO_MAX_PIXELS = 4000;
/** The crop box may show the picture zoomed out to 0.4 (spec 001 section 9), so up to 2.5 times its size. */
const MAX_AREA_FACTOR = 2.5;
const FORMATS = ['png', 'jpeg', 'gif'];

export const LOGO_TEXTS = {
  noFile: 'No file selected for upload.',
  notAPicture: 'The file must be a PNG, JPG or GIF picture.',
  tooManyPixels: `The picture can be at most ${LOGO_MAX_PIXELS} by ${LOGO_MAX_PIXELS} pixels.`,
  uploadFirst: 'Upload a picture before cropping it.',
  areaOutside: 'The crop area must cover part of the picture.',
  areaTooLarge: 'The crop area is larger than the zoom allows.',
  noLogo: 'No logo has been uploaded.',
  agencyNotFound: 'Agency not found.',
  deleted: 'Logo removed',
} as const;

const sizeOf = (isSmall: boolean): LogoSize => (isSmall ? 's' : 'm');

/** The agency when the caller may change its logos (provider staff with agency:write, the agency itself); else 404. */
async function writableAgency(db: Queryable, caller: Caller, id: string): Promise<string> {
  const agency = await findAgency(db, agencyWriteReachOf(caller), id);
  if (!agency) throw notFound(LOGO_TEXTS.agencyNotFound);
  return agency.id;
}

/** Whether the caller may see the agency's logos: whoever reaches the agency, and the agency's own clients. */
async function logoVisible(db: Queryable, caller: Caller, id: string): Promise<boolean> {
  const params = new SqlParams();
  const idParam = params.add(id, 'uuid');
  const reach = agencyReachCondition(agencyReachOf(caller), 'a.id', params);
  const own = params.add(caller.accountId, 'uuid');
  const [row] = await db.query(
    `SELECT 1 FROM accounts a WHERE a.id = ${idParam} AND a.account_type = 'AGENCY'
       AND (${reach} OR a.id = (SELECT agency_id FROM accounts WHERE id = ${own}))`,
    params.values,
  );
  return row !== undefined;
}

/** The one file of a multipart request, read within the logo's limit. */
async function readUpload(request: FastifyRequest, size: LogoSize): Promise<Buffer> {
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: LOGO_SPECS[size].maxBytes } });
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new HttpError(400, LOGO_TEXTS.noFile);
    throw error;
  }
  if (!file) throw new HttpError(400, LOGO_TEXTS.noFile);
  try {
    return await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, LOGO_SPECS[size].tooBig);
    throw error;
  }
}

/**
 * The picture as the crop box showed it: the type read from the content (not the file's name), turned
 * upright by its EXIF orientation as browsers draw it, kept as PNG until it is cropped.
 */
async function readPicture(bytes: Buffer): Promise<{ format: string; image: Buffer; width: number; height: number }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw new HttpError(400, LOGO_TEXTS.notAPicture);
  }
  if (!format || !FORMATS.includes(format)) throw new HttpError(400, LOGO_TEXTS.notAPicture);
  const { data, info } = await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS * LOGO_MAX_PIXELS }).rotate().png().toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new HttpError(400, LOGO_TEXTS.tooManyPixels);
    });
  if (info.width > LOGO_MAX_PIXELS || info.height > LOGO_MAX_PIXELS) throw new HttpError(400, LOGO_TEXTS.tooManyPixels);
  return { format, image: data, width: info.width, height: info.height };
}

interface CropArea { x: number; y: number; width: number; height: number }

/**
 * Crops the area (in the picture's pixels; it may reach past the picture's edges when zoomed out, which
 * stays transparent) and scales it to the logo's size, as PNG.
 */
export async function cropLogo(picture: { image: Buffer; width: number; height: number }, area: CropArea, size: LogoSize): Promise<Buffer> {
  const spec = LOGO_SPECS[size];
  if (area.width > Math.ceil(picture.width * MAX_AREA_FACTOR) + 1 || area.height > Math.ceil(picture.height * MAX_AREA_FACTOR) + 1) {
    throw new HttpError(400, LOGO_TEXTS.areaTooLarge);
  }
  const left = Math.max(0, area.x);
  const top = Math.max(0, area.y);
  const right = Math.min(picture.width, area.x + area.width);
  const bottom = Math.min(picture.height, area.y + area.height);
  if (right <= left || bottom <= top) throw new HttpError(400, LOGO_TEXTS.areaOutside);
  const region = await sharp(picture.image).extract({ left, top, width: right - left, height: bottom - top }).png().toBuffer();
  const canvas = await sharp({ create: { width: area.width, height: area.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: region, left: left - area.x, top: top - area.y }])
    .png()
    .toBuffer();
  return sharp(canvas)
    .resize(spec.width, spec.height, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

interface LogoRow {
  agency_id: string;
  size: LogoSize;
  image: Buffer | Uint8Array;
  content_type: string;
  width: number;
  height: number;
  updated_at: Date;
}

function toLogo(row: LogoRow): AgencyLogo {
  return {
    agencyId: row.agency_id,
    isSmall: row.size === 's',
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    dataUrl: `data:${row.content_type};base64,${Buffer.from(row.image).toString('base64')}`,
    updated: new Date(row.updated_at).toISOString(),
  };
}

async function readLogo(services: Services, request: FastifyRequest, id: string, size: LogoSize): Promise<AgencyLogo> {
  const { db } = services;
  if (!(await logoVisible(db, callerOf(request), id))) throw notFound(LOGO_TEXTS.agencyNotFound);
  const [row] = await db.query<LogoRow>('SELECT * FROM agency_logos WHERE agency_id = $1 AND size = $2', [id, size]);
  if (!row) throw notFound(LOGO_TEXTS.noLogo);
  return toLogo(row);
}

async function deleteLogo(services: Services, request: FastifyRequest, id: string, size: LogoSize) {
  const { db, clock } = services;
  const caller = callerOf(request);
  const agencyId = await writableAgency(db, caller, id);
  await db.transaction(async (tx) => {
    const removed = await tx.query('DELETE FROM agency_logos WHERE agency_id = $1 AND size = $2 RETURNING agency_id', [agencyId, size]);
    if (removed.length === 0) throw notFound(LOGO_TEXTS.noLogo);
    await audit(tx, clock, { actorUserId: caller.userId, action: 'agency.logo-delete', target: agencyId, address: request.ip, detail: { size } });
  });
  return { message: LOGO_TEXTS.deleted };
}

/** The logo operations (spec 001 section 7 Pictures and logos). */
export const logoHandlers = (services: Services): TypedHandlers => ({
  async uploadAgencyLogo(request, reply) {
    const { db, clock } = services;
    const caller = callerOf(request);
    const size = sizeOf(request.query.isSmall);
    const agencyId = await writableAgency(db, caller, request.params.id);
    const bytes = await readUpload(request, size);
    const picture = await readPicture(bytes);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO agency_logo_uploads (agency_id, size, image, format, width, height, uploaded_at, uploaded_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (agency_id, size) DO UPDATE SET image = EXCLUDED.image, format = EXCLUDED.format, width = EXCLUDED.width,
           height = EXCLUDED.height, uploaded_at = EXCLUDED.uploaded_at, uploaded_by = EXCLUDED.uploaded_by`,
        [agencyId, size, picture.image, picture.format, picture.width, picture.height, clock.now(), caller.userId],
      );
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'agency.logo-upload', target: agencyId, address: request.ip,
        detail: { size, format: picture.format, bytes: bytes.length, width: picture.width, height: picture.height },
      });
    });
    return reply.code(201).send({ agencyId, isSmall: size === 's', format: picture.format, width: picture.width, height: picture.height, bytes: bytes.length });
  },

  async cropAgencyLogo(request) {
    const { db, clock } = services;
    const caller = callerOf(request);
    const { id, isSmall, xCoordinate, yCoordinate, width, height } = request.query;
    const size = sizeOf(isSmall);
    const agencyId = await writableAgency(db, caller, id);
    const [upload] = await db.query<{ image: Buffer | Uint8Array; width: number; height: number }>(
      'SELECT image, width, height FROM agency_logo_uploads WHERE agency_id = $1 AND size = $2', [agencyId, size],
    );
    if (!upload) throw new HttpError(409, LOGO_TEXTS.uploadFirst);
    const logo = await cropLogo({ image: Buffer.from(upload.image), width: upload.width, height: upload.height }, { x: xCoordinate, y: yCoordinate, width, height }, size);
    const spec = LOGO_SPECS[size];
    const row = await db.transaction(async (tx) => {
      const [stored] = await tx.query<LogoRow>(
        `INSERT INTO agency_logos (agency_id, size, image, content_type, width, height, updated_at, updated_by)
         VALUES ($1, $2, $3, 'image/png', $4, $5, $6, $7)
         ON CONFLICT (agency_id, size) DO UPDATE SET image = EXCLUDED.image, content_type = EXCLUDED.content_type, width = EXCLUDED.width,
           height = EXCLUDED.height, updated_at = EXCLUDED.updated_at, updated_by = EXCLUDED.updated_by
         RETURNING *`,
        [agencyId, size, logo, spec.width, spec.height, clock.now(), caller.userId],
      );
      await tx.query('DELETE FROM agency_logo_uploads WHERE agency_id = $1 AND size = $2', [agencyId, size]);
      await audit(tx, clock, {
        actorUserId: caller.userId, action: 'agency.logo-update', target: agencyId, address: request.ip,
        detail: { size, area: { x: xCoordinate, y: yCoordinate, width, height }, bytes: logo.length },
      });
      return stored!;
    });
    return toLogo(row);
  },

  getSmallAgencyLogo: async (request) => readLogo(services, request, request.params.id, 's'),
  getMediumAgencyLogo: async (request) => readLogo(services, request, request.params.id, 'm'),
  deleteSmallAgencyLogo: async (request) => deleteLogo(services, request, request.params.id, 's'),
  deleteMediumAgencyLogo: async (request) => deleteLogo(services, request, request.params.id, 'm'),
});
