import { THUMBNAIL_WIDTH } from '@bagysh/shared';
import sharp, { type Sharp } from 'sharp';
import type { FileStorage, StagedBlob } from './storage/file-storage';

// libvips keeps recently read files open by default; uploads are read once, and
// their temporary files must really go away when deleted.
sharp.cache({ files: 0 });

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export class MultiPageTiffError extends Error {
  override name = 'MultiPageTiffError';
}

export interface ProcessedImage {
  image: StagedBlob;
  thumbnail: StagedBlob;
  width: number;
  height: number;
}

/** Re-encodes in the same format; without `keepMetadata`, sharp writes no EXIF, XMP or IPTC. */
function encoder(mime: string, pipeline: Sharp): Sharp {
  switch (mime) {
    case 'image/jpeg':
      return pipeline.jpeg({ quality: 90 });
    case 'image/png':
      return pipeline.png();
    case 'image/gif':
      return pipeline.gif();
    case 'image/webp':
      return pipeline.webp({ quality: 90 });
    case 'image/avif':
      return pipeline.avif({ quality: 70 });
    case 'image/tiff':
      return pipeline.tiff({ compression: 'lzw' });
    default:
      throw new UnreadableImageError(`no encoder for ${mime}`);
  }
}

/** Stages a sharp output; a failure inside libvips becomes UnreadableImageError. */
async function stageOutput(storage: FileStorage, output: Sharp): Promise<StagedBlob> {
  try {
    return await storage.stage(output);
  } catch (error) {
    if (error instanceof Error && !(error instanceof UnreadableImageError)) {
      throw new UnreadableImageError(error.message);
    }
    throw error;
  }
}

/**
 * Makes the image that is actually kept: EXIF orientation applied to the pixels,
 * then re-encoded in its own format without any metadata (GPS position, camera,
 * dates are gone), plus a THUMBNAIL_WIDTH-wide WebP. Animated GIF/WebP keep
 * their frames. Both results are staged, not yet committed.
 */
export async function processImage(
  storage: FileStorage,
  sourcePath: string,
  mime: string,
): Promise<ProcessedImage> {
  let pages: number;
  try {
    pages = (await sharp(sourcePath, { failOn: 'error' }).metadata()).pages ?? 1;
  } catch (error) {
    throw new UnreadableImageError(error instanceof Error ? error.message : String(error));
  }
  if (mime === 'image/tiff' && pages > 1) throw new MultiPageTiffError();
  const animated = pages > 1 && (mime === 'image/gif' || mime === 'image/webp');

  const base = sharp(sourcePath, { failOn: 'error', animated });
  // rotate() without an angle applies the EXIF orientation (not defined for animations).
  const image = await stageOutput(storage, encoder(mime, animated ? base : base.rotate()));
  try {
    const metadata = await sharp(image.path).metadata();
    const thumbnail = await stageOutput(
      storage,
      sharp(image.path)
        .resize({
          width: THUMBNAIL_WIDTH,
          height: THUMBNAIL_WIDTH * 4,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 75 }),
    );
    return {
      image,
      thumbnail,
      width: metadata.width,
      height: metadata.pageHeight ?? metadata.height,
    };
  } catch (error) {
    await image.discard();
    throw error;
  }
}
