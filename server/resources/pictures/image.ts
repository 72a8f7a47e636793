import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { HttpError } from '../../http/http-error.ts';

/** Spec 001 section 9: a profile picture is at most 2MB, PNG, JPG or GIF. */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
/** The side of the stored picture, in pixels: big enough for a profile page, small enough for every avatar. */
export const PICTURE_SIDE = 256;
/** A small file can still unpack into a huge bitmap; more pixels than this are refused before decoding. */
const MAX_INPUT_PIXELS = 40_000_000;

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];

export const PICTURE_MESSAGES = {
  /** Spec 001 section 5. */
  tooBig: 'The file size is too big, 2MB max.',
  notAnImage: 'Please choose a PNG, JPG or GIF image.',
  unreadable: 'This image could not be read. Please choose another PNG, JPG or GIF image.',
  noFile: 'Please choose an image to upload.',
  nothingToCrop: 'Upload an image before cropping it.',
  outside: 'The crop must lie within the image.',
  /** Spec 001 section 8. */
  uploaded: 'Photo Uploaded Successfully!',
  removed: 'Photo removed.',
  noPicture: 'No picture.',
} as const;

/**
 * The image's type from its bytes, not its name or the header the browser sent: a text file called photo.png
 * is refused, and so is any format other than the three the spec allows. Its size is read by decoding the
 * header, which also refuses a file that only starts like an image.
 */
export async function inspectPicture(bytes: Buffer): Promise<{ contentType: PictureType; width: number; height: number }> {
  const found = await fileTypeFromBuffer(bytes);
  const contentType = PICTURE_TYPES.find((type) => type === found?.mime);
  if (!contentType) throw new HttpError(415, PICTURE_MESSAGES.notAnImage);
  try {
    const { width, height, orientation } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!width || !height) throw new Error('no size');
    // A photo taken on its side says so in EXIF (orientations 5 to 8); the browser shows it upright, and the
    // crop's coordinates are of what the browser shows.
    const sideways = orientation !== undefined && orientation >= 5;
    return { contentType, width: sideways ? height : width, height: sideways ? width : height };
  } catch {
    throw new HttpError(415, PICTURE_MESSAGES.unreadable);
  }
}

/**
 * The square of side `size` at (x, y) of the upload, scaled to PICTURE_SIDE. A photo stays a JPEG; PNG and the
 * first frame of a GIF become a PNG, keeping transparency.
 */
export async function cropPicture(
  bytes: Buffer,
  uploadType: PictureType,
  area: { x: number; y: number; size: number },
): Promise<{ picture: Buffer; contentType: 'image/png' | 'image/jpeg' }> {
  // Upright first (as the browser showed it, EXIF orientation applied), then the square the user chose.
  const upright = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = upright.info;
  if (area.x + area.size > width || area.y + area.size > height) throw new HttpError(400, PICTURE_MESSAGES.outside);
  const pipeline = sharp(upright.data, { raw: { width, height, channels } })
    .extract({ left: area.x, top: area.y, width: area.size, height: area.size })
    .resize(PICTURE_SIDE, PICTURE_SIDE, { fit: 'fill' });
  if (uploadType === 'image/jpeg') return { picture: await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
  return { picture: await pipeline.png({ compressionLevel: 9 }).toBuffer(), contentType: 'image/png' };
}
