import sharp from 'sharp';

/**
 * Uploaded photos (issue 5): the format is read from the file's first bytes (never its name or Content-Type), the
 * picture is decoded with a pixel limit, and two WebP variants are made, which is all that is ever stored. Encoding
 * anew drops every byte of the original that was not pixels: EXIF (GPS position, camera serial), XMP, ICC, comments,
 * and whatever a crafted file hid after its image data. sharp writes no metadata unless asked to.
 */

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** 40 megapixels: above any phone camera, below what would let one photo exhaust the server's memory. */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** The gallery (details page) and card (lists) widths; smaller photos are never enlarged. */
export const GALLERY_WIDTH = 1280;
export const CARD_WIDTH = 480;
const WEBP_QUALITY = 80;

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/** The image format the bytes say, or null. */
export function detectPhotoFormat(bytes: Uint8Array): PhotoFormat | null {
  const at = (offset: number, text: string) => Buffer.from(bytes.subarray(offset, offset + text.length)).toString('latin1') === text;
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && at(0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (bytes.length >= 12 && at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  // ISO base media (HEIF/AVIF): a 'ftyp' box first, whose major brand names the codec.
  if (bytes.length >= 12 && at(4, 'ftyp')) {
    const brand = Buffer.from(bytes.subarray(8, 12)).toString('latin1');
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIF_BRANDS.has(brand)) return 'heic';
  }
  return null;
}

export interface PhotoVariants {
  format: PhotoFormat;
  width: number;
  height: number;
  gallery: Buffer;
  card: Buffer;
}

export type PhotoOutcome = { ok: true; photo: PhotoVariants } | { ok: false; reason: string };

const NOT_AN_IMAGE = 'is not a JPEG, PNG, WebP, HEIC or AVIF image';

/** Reads, checks and re-encodes one photo; a refusal says why in words for the uploader (after the file name). */
export async function processPhoto(bytes: Buffer, { maxPixels = MAX_PHOTO_PIXELS }: { maxPixels?: number } = {}): Promise<PhotoOutcome> {
  if (bytes.length === 0) return { ok: false, reason: 'is empty' };
  const format = detectPhotoFormat(bytes);
  if (format === null) return { ok: false, reason: NOT_AN_IMAGE };
  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true });
  let width: number;
  let height: number;
  try {
    // The header alone: the size is known before any pixel is decoded.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    return { ok: false, reason: unreadable(format) };
  }
  if (!width || !height) return { ok: false, reason: unreadable(format) };
  if (width * height > maxPixels) {
    const megapixels = (width * height) / 1_000_000;
    return { ok: false, reason: `is ${width} × ${height} pixels (${megapixels.toFixed(1)} megapixels); photos may be at most ${Math.round(maxPixels / 1_000_000)} megapixels` };
  }
  try {
    // rotate() turns the picture upright by its EXIF orientation before that metadata is dropped.
    const variant = (targetWidth: number) => input().rotate().resize({ width: targetWidth, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer();
    const [gallery, card] = await Promise.all([variant(GALLERY_WIDTH), variant(CARD_WIDTH)]);
    return { ok: true, photo: { format, width, height, gallery, card } };
  } catch {
    return { ok: false, reason: unreadable(format) };
  }
}

function unreadable(format: PhotoFormat): string {
  return format === 'heic'
    ? 'is a HEIC photo this server cannot read; please send it as JPEG (most phones can export or share it as JPEG)'
    : `could not be read as a ${format.toUpperCase()} image (it may be damaged)`;
}
