import { randomBytes } from 'node:crypto';
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** A part of a multipart/form-data body. */
export interface FormPart {
  name: string;
  value: string | Buffer;
  /** Present for a file part; sent as raw UTF-8 bytes, as browsers do. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content-type header, for `app.inject`. */
export function multipartBody(parts: FormPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----bagysh${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined) {
      head += `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    }
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value, 'utf8') : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A zip archive's entry: stored `content`, or `deflated` raw-deflate bytes that claim to unpack
 * to `size` bytes (which a hostile archive may lie about).
 */
export type ZipEntry =
  { name: string; content: string | Buffer } | { name: string; deflated: Buffer; size: number };

/** A zip archive of the given entries, in the given order. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const stored = 'content' in entry;
    const data = stored
      ? typeof entry.content === 'string'
        ? Buffer.from(entry.content)
        : entry.content
      : entry.deflated;
    const size = stored ? data.length : entry.size;
    const crc = stored ? crc32(data) : 0;
    const method = stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/**
 * Raw-deflate bytes that unpack to `mebibytes` MiB of zeros: one flushed MiB repeated, then
 * the final block — about 1 KiB per MiB, made in milliseconds.
 */
export function deflatedZeros(mebibytes: number): Buffer {
  const chunk = deflateRawSync(Buffer.alloc(1024 * 1024), {
    finishFlush: zlibConstants.Z_FULL_FLUSH,
  });
  return Buffer.concat([...Array<Buffer>(mebibytes).fill(chunk), deflateRawSync(Buffer.alloc(0))]);
}

/** A minimal Word document as file-type sees it. */
export function docxFile(): Buffer {
  return zipArchive([
    {
      name: '[Content_Types].xml',
      content:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    { name: 'word/document.xml', content: '<w:document/>' },
  ]);
}

/** A minimal OpenDocument text: `mimetype` first, stored. */
export function odtFile(): Buffer {
  return zipArchive([
    { name: 'mimetype', content: 'application/vnd.oasis.opendocument.text' },
    { name: 'content.xml', content: '<office:document-content/>' },
  ]);
}

export function plainZip(): Buffer {
  return zipArchive([{ name: 'readme.txt', content: 'салам' }]);
}

/** What file-type takes for a Windows program: an MZ header with a PE signature. */
export function exeFile(): Buffer {
  const bytes = Buffer.alloc(512);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

export function pdfFile(text = 'Bagysh'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** An MP3 as file-type sees it: an empty ID3v2 tag, then MPEG audio frame headers. */
export function mp3File(bytes = 4096): Buffer {
  const head = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const body = Buffer.alloc(bytes - head.length);
  for (let i = 0; i < body.length; i += 1) body[i] = (i * 7) % 251;
  body.set([0xff, 0xfb, 0x90, 0x64], 0);
  return Buffer.concat([head, body]);
}

export function pngFile(width = 40, height = 30, color = '#e65100'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/**
 * A 200×100 JPEG that says "rotate 90°" (EXIF orientation 6) and carries a GPS
 * position and a camera model.
 */
export function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 200, height: 100, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model 9000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '42/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '74/1 36/1 0/1',
      },
    })
    .toBuffer();
}
