import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import iconv from 'iconv-lite';

/**
 * How a GEDCOM file's bytes become text: what the file is at all (its magic bytes), which
 * encoding it is in and why (byte-order mark, the CHAR line, the bytes themselves), and a
 * streaming decoder (ANSEL by hand, every other encoding by iconv-lite).
 */

/** 'utf-8', 'ansel', or an iconv-lite encoding name ('windows-1251', 'utf-16le', 'cp437', …). */
export type GedcomEncoding = string;

/** ANSEL (ANSI Z39.47) spacing characters above 0x7F. */
const ANSEL_SPACING: Record<number, string> = {
  0xa1: 'Ł',
  0xa2: 'Ø',
  0xa3: 'Đ',
  0xa4: 'Þ',
  0xa5: 'Æ',
  0xa6: 'Œ',
  0xa7: 'ʹ',
  0xa8: '·',
  0xa9: '♭',
  0xaa: '®',
  0xab: '±',
  0xac: 'Ơ',
  0xad: 'Ư',
  0xae: 'ʼ',
  0xb0: 'ʻ',
  0xb1: 'ł',
  0xb2: 'ø',
  0xb3: 'đ',
  0xb4: 'þ',
  0xb5: 'æ',
  0xb6: 'œ',
  0xb7: 'ʺ',
  0xb8: 'ı',
  0xb9: '£',
  0xba: 'ð',
  0xbc: 'ơ',
  0xbd: 'ư',
  0xbe: '□',
  0xbf: '■',
  0xc0: '°',
  0xc1: 'ℓ',
  0xc2: '℗',
  0xc3: '©',
  0xc4: '♯',
  0xc5: '¿',
  0xc6: '¡',
  0xc7: 'ß',
  0xc8: '€',
  0xcd: 'e',
  0xce: 'o',
  0xcf: 'ß',
  // Non-sorting markers and joiners: no text of their own.
  0x88: '',
  0x89: '',
  0x8d: '',
  0x8e: '',
};

/** ANSEL combining marks: written before the letter they modify, Unicode puts them after. */
const ANSEL_COMBINING: Record<number, string> = {
  0xe0: '\u0309',
  0xe1: '\u0300',
  0xe2: '\u0301',
  0xe3: '\u0302',
  0xe4: '\u0303',
  0xe5: '\u0304',
  0xe6: '\u0306',
  0xe7: '\u0307',
  0xe8: '\u0308',
  0xe9: '\u030c',
  0xea: '\u030a',
  0xeb: '\ufe20',
  0xec: '\ufe21',
  0xed: '\u0315',
  0xee: '\u030b',
  0xef: '\u0310',
  0xf0: '\u0327',
  0xf1: '\u0328',
  0xf2: '\u0323',
  0xf3: '\u0324',
  0xf4: '\u0325',
  0xf5: '\u0333',
  0xf6: '\u0332',
  0xf7: '\u0326',
  0xf8: '\u031c',
  0xf9: '\u032e',
  0xfa: '\ufe22',
  0xfb: '\ufe23',
  0xfe: '\u0313',
};

/** A streaming ANSEL decoder: combining marks wait for their base letter, across chunks. */
class AnselDecoder {
  private pending = '';

  decode(bytes: Uint8Array, options: { stream?: boolean } = {}): string {
    let out = '';
    for (const byte of bytes) {
      const mark = ANSEL_COMBINING[byte];
      if (mark !== undefined) {
        this.pending += mark;
        continue;
      }
      const char = byte < 0x80 ? String.fromCharCode(byte) : (ANSEL_SPACING[byte] ?? '\ufffd');
      if (char === '') continue;
      // A mark before a line break has no letter: keep it rather than move it to the next line.
      out += char === '\n' || char === '\r' ? this.pending + char : char + this.pending;
      this.pending = '';
    }
    if (!options.stream) {
      out += this.pending;
      this.pending = '';
    }
    return out;
  }
}

interface TextDecoderLike {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}

/** Bytes looked at to tell what a file is and how it is encoded. */
const SAMPLE_BYTES = 64 * 1024;
/** How far an ASCII-only start is followed to find the first non-ASCII bytes. */
const SAMPLE_SEARCH_BYTES = 32 * 1024 * 1024;

/**
 * The file's first bytes, and (when those are plain ASCII) up to SAMPLE_BYTES from where its
 * first non-ASCII byte is: a header and a thousand English-named persons can come before the
 * first Cyrillic name.
 */
export async function sampleFile(path: string): Promise<{ head: Buffer; sample: Buffer }> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(SAMPLE_BYTES);
    const { bytesRead } = await file.read(head, 0, SAMPLE_BYTES, 0);
    const first = head.subarray(0, bytesRead);
    if (first.some((b) => b >= 0x80) || bytesRead < SAMPLE_BYTES) {
      return { head: first, sample: first };
    }
    const chunk = Buffer.alloc(SAMPLE_BYTES);
    for (let position = bytesRead; position < SAMPLE_SEARCH_BYTES;) {
      const { bytesRead: n } = await file.read(chunk, 0, SAMPLE_BYTES, position);
      if (n === 0) break;
      const at = chunk.subarray(0, n).findIndex((b) => b >= 0x80);
      if (at !== -1) {
        const sample = Buffer.alloc(SAMPLE_BYTES);
        const got = await file.read(sample, 0, SAMPLE_BYTES, position + at);
        return { head: first, sample: sample.subarray(0, got.bytesRead) };
      }
      position += n;
    }
    return { head: first, sample: first };
  } finally {
    await file.close();
  }
}

/** What a non-GEDCOM file looks like, from its magic bytes ('бул сүрөт (PNG)'), or null. */
export function notGedcomKind(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x50, 0x4b, 0x03, 0x04) || starts(0x50, 0x4b, 0x05, 0x06)) return 'zip';
  if (starts(0x89, 0x50, 0x4e, 0x47)) return 'бул сүрөт (PNG)';
  if (starts(0xff, 0xd8, 0xff)) return 'бул сүрөт (JPEG)';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'бул сүрөт (GIF)';
  if (starts(0x52, 0x49, 0x46, 0x46) && head[8] === 0x57 && head[9] === 0x45) {
    return 'бул сүрөт (WebP)';
  }
  if (starts(0x25, 0x50, 0x44, 0x46)) return 'бул PDF документи';
  if (starts(0x1f, 0x8b)) return 'бул gzip архиви (мисалы, Gramps .gramps файлы)';
  if (starts(0xd0, 0xcf, 0x11, 0xe0)) return 'бул Microsoft Office документи';
  const text = Buffer.from(head.subarray(0, 1024))
    .toString('latin1')
    .replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '')
    .replace(/\0/g, '')
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|head|body)\b/.test(text) || /^<!--[\s\S]*<html/.test(text)) {
    return 'бул веб-барак (HTML)';
  }
  if (text.startsWith('<?xml')) return 'бул XML файлы (мисалы, Gramps XML)';
  return null;
}

/** How the file will be decoded, and why (a Kyrgyz sentence for the import report). */
export interface EncodingChoice {
  encoding: GedcomEncoding;
  /** Bytes of a byte-order mark to skip. */
  bom: number;
  reason: string;
}

/** A name for people: 'CP1251', 'UTF-8', 'ANSEL'. */
export function encodingLabel(encoding: GedcomEncoding): string {
  const labels: Record<string, string> = {
    'utf-8': 'UTF-8',
    'utf-16le': 'UTF-16LE',
    'utf-16be': 'UTF-16BE',
    'windows-1251': 'CP1251',
    'windows-1252': 'CP1252',
    cp437: 'CP437 (IBMPC)',
    macintosh: 'MACINTOSH',
    ansel: 'ANSEL',
  };
  return labels[encoding] ?? encoding.toUpperCase();
}

/**
 * What a header's `1 CHAR` names: a decoder name, or 'utf-16', 'ansi' (the Windows code page of
 * the writer's country) and 'ascii', which the bytes decide; null when unknown.
 */
function declaredEncoding(name: string): string | null {
  const n = name.toUpperCase().replace(/[\s_]/g, '-');
  if (n === 'UTF-8' || n === 'UTF8') return 'utf-8';
  if (n === 'UNICODE' || n === 'UTF-16' || n === 'UTF16') return 'utf-16';
  if (n === 'ANSEL') return 'ansel';
  if (n === 'ANSI') return 'ansi';
  if (n === 'ASCII' || n === 'US-ASCII') return 'ascii';
  if (/^(CP-?|WINDOWS-?|WIN-?)1251$/.test(n)) return 'windows-1251';
  if (/^(CP-?|WINDOWS-?|WIN-?)1252$/.test(n)) return 'windows-1252';
  if (/^(IBM-?PC|CP-?437|IBM-?437|DOS)$/.test(n)) return 'cp437';
  if (/^(MACINTOSH|MAC|MACROMAN|MAC-ROMAN)$/.test(n)) return 'macintosh';
  return iconv.encodingExists(n) ? n.toLowerCase() : null;
}

/**
 * Whether bytes are UTF-8: multi-byte sequences, and next to none that are broken (a file
 * written as UTF-8 with one stray byte is still UTF-8: that byte is reported, not the whole
 * file read as a code page). A single-byte code page's letters almost never form sequences.
 */
function looksUtf8(bytes: Uint8Array): boolean {
  let valid = 0;
  let broken = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) continue;
    const follow =
      b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    let ok = follow > 0 && i + follow < bytes.length;
    for (let k = 1; ok && k <= follow; k++) ok = ((bytes[i + k] ?? 0) & 0xc0) === 0x80;
    if (ok) {
      valid++;
      i += follow;
    } else {
      broken++;
    }
  }
  return valid > 0 && broken * 10 <= valid;
}

/**
 * Whether single-byte text is Cyrillic in CP1251: there, letters are 0xC0–0xFF (and Ё/ё), and
 * Russian or Kyrgyz words are runs of them. Latin text in CP1252 has its accented letters alone
 * between ASCII ones (Müller, São); three in a row almost never happen.
 */
export function looksCyrillic(bytes: Uint8Array): boolean {
  let high = 0;
  let inWords = 0;
  let lower = 0;
  let run = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = bytes[i] ?? 0;
    if (b >= 0x80) high++;
    if (b >= 0xc0 || b === 0xa8 || b === 0xb8) {
      run++;
      if (b >= 0xe0 || b === 0xb8) lower++;
    } else {
      if (run >= 3) inWords += run;
      run = 0;
    }
  }
  // Most letters of a name are lower-case ("Иван"): in CP1251 those are 0xE0–0xFF.
  return high > 0 && inWords >= high * 0.5 && lower >= inWords * 0.3;
}

/** UTF-16 without a byte-order mark: every other byte of its ASCII text is zero. */
function utf16ByZeros(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(head.length, 512) & ~1;
  if (n < 4) return null;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < n; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  const pairs = n / 2;
  if (odd > pairs * 0.4 && even < pairs * 0.05) return 'utf-16le';
  if (even > pairs * 0.4 && odd < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * The encoding of a GEDCOM file. A byte-order mark or UTF-16's zero bytes decide first; then
 * the header's `1 CHAR` when the bytes agree with it; otherwise the bytes: valid UTF-8, else
 * CP1251 when the high bytes form Cyrillic words, else CP1252. `sample` is where the first
 * non-ASCII bytes are (see sampleFile).
 */
export function chooseEncoding(head: Buffer, sample: Buffer = head): EncodingChoice {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
    return { encoding: 'utf-8', bom: 3, reason: 'UTF-8 BOM белгиси боюнча' };
  }
  if (head[0] === 0xff && head[1] === 0xfe) {
    return { encoding: 'utf-16le', bom: 2, reason: 'UTF-16LE BOM белгиси боюнча' };
  }
  if (head[0] === 0xfe && head[1] === 0xff) {
    return { encoding: 'utf-16be', bom: 2, reason: 'UTF-16BE BOM белгиси боюнча' };
  }
  const utf16 = utf16ByZeros(head);
  if (utf16) {
    return { encoding: utf16, bom: 0, reason: `${encodingLabel(utf16)}: ар бир экинчи байт нөл` };
  }
  const text = head.subarray(0, 8192).toString('latin1');
  const charName = /(?:^|[\r\n])\s*1\s+CHAR\s+([^\r\n]+)/.exec(text)?.[1]?.trim() ?? null;
  const declared = charName === null ? null : declaredEncoding(charName);
  const ascii = !sample.some((b) => b >= 0x80);
  const utf8 = !ascii && looksUtf8(sample);
  const cyrillic = !ascii && !utf8 && looksCyrillic(sample);
  const guess: GedcomEncoding = cyrillic ? 'windows-1251' : 'windows-1252';
  const guessed = cyrillic
    ? 'байттар кириллица тамгаларына окшош (CP1251)'
    : 'байттар латын тамгаларына окшош (CP1252)';
  const said = charName === null ? 'баштамада CHAR жок' : `баштамада CHAR ${charName}`;

  if (utf8) {
    const agrees = declared === 'utf-8' || declared === null || declared === 'ascii';
    return {
      encoding: 'utf-8',
      bom: 0,
      reason: agrees
        ? `${said}, байттар UTF-8`
        : `${said} деп жазылган, бирок байттар UTF-8: UTF-8 катары окулду`,
    };
  }
  if (ascii) {
    const encoding =
      declared === null || declared === 'ascii' || declared === 'utf-16' || declared === 'ansi'
        ? 'utf-8'
        : declared;
    return { encoding, bom: 0, reason: `${said}; файлда ASCII эмес белги табылган жок` };
  }
  // Non-ASCII bytes that are not UTF-8: a single-byte code page (or ANSEL).
  switch (declared) {
    case 'ansi':
      return { encoding: guess, bom: 0, reason: `${said} (Windows коддоосу): ${guessed}` };
    case 'windows-1251':
      return { encoding: 'windows-1251', bom: 0, reason: said };
    case 'ansel':
    case 'windows-1252':
    case 'cp437':
    case 'macintosh':
      return cyrillic
        ? { encoding: 'windows-1251', bom: 0, reason: `${said} деп жазылган, бирок ${guessed}` }
        : { encoding: declared, bom: 0, reason: said };
    case 'utf-8':
    case 'utf-16':
    case 'ascii':
    case null:
      return {
        encoding: guess,
        bom: 0,
        reason:
          charName === null
            ? `${said}; байттар UTF-8 эмес, ${guessed}`
            : `${said} деп жазылган, бирок байттар UTF-8 эмес: ${guessed}`,
      };
    default:
      // A code page iconv-lite knows (KOI8-R, ISO-8859-5, …): as declared.
      return { encoding: declared, bom: 0, reason: said };
  }
}

function decoderFor(encoding: GedcomEncoding): TextDecoderLike {
  if (encoding === 'ansel') return new AnselDecoder();
  if (encoding === 'utf-8') return new TextDecoder('utf-8', { ignoreBOM: true });
  const decoder = iconv.getDecoder(encoding, { stripBOM: false });
  return {
    decode: (bytes, options) => {
      const text =
        bytes.length > 0
          ? decoder.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
          : '';
      return options?.stream ? text : text + (decoder.end() ?? '');
    },
  };
}

/** The file's text, chunk by chunk, in the chosen encoding. */
export async function* readText(path: string, choice: EncodingChoice): AsyncGenerator<string> {
  const decoder = decoderFor(choice.encoding);
  let first = true;
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    let bytes = chunk as Buffer;
    if (first) {
      bytes = bytes.subarray(choice.bom);
      first = false;
    }
    yield decoder.decode(bytes, { stream: true });
  }
  yield decoder.decode(new Uint8Array(), { stream: false });
}

// ---------------------------------------------------------------------------------------------
