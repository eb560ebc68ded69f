import type { Multipart } from '@fastify/multipart';
import { formatFileSize } from '@bagysh/shared';
import { FieldValidationError, HttpError } from '../lib/http-errors';
import { assertGoodPart, inputGuardMessages, isTruncatedMultipart } from '../plugins/input-guard';
import type { FileStorage, StagedBlob } from './storage/file-storage';

/** One received upload: the bytes staged on disk (not yet stored) and the text fields. */
export interface ReceivedUpload {
  staged: StagedBlob;
  /** The client's name for the file, unsanitized. */
  filename: string;
  fields: Record<string, string>;
}

export const uploadMessages = {
  tooLarge: (maxBytes: number) => `Файл өтө чоң. Эң чоң көлөмү: ${formatFileSize(maxBytes)}.`,
  fileRequired: 'Жүктөлө турган файл тандалган жок.',
  oneFile: 'Бир жолу бир гана файл жүктөсө болот.',
  interrupted: 'Файлды жүктөө үзүлүп калды. Кайра аракет кылыңыз.',
  notMultipart: 'Файл multipart/form-data түрүндө жөнөтүлүшү керек.',
  tooManyFields: 'Сурамда талаалар өтө көп.',
} as const;

/** @fastify/multipart's errors (by code) → the API's error shape. */
function translate(error: unknown, maxBytes: number): unknown {
  if (isTruncatedMultipart(error)) return new HttpError(400, inputGuardMessages.malformedMultipart);
  const code = (error as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, uploadMessages.tooLarge(maxBytes));
    case 'FST_FILES_LIMIT':
      return new FieldValidationError({ file: [uploadMessages.oneFile] });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new FieldValidationError({ non_field_errors: [uploadMessages.tooManyFields] });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, uploadMessages.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, uploadMessages.interrupted);
    default:
      return error;
  }
}

/**
 * Reads a multipart request: the part named `file` is streamed into the storage's
 * temporary area (hashed on the way, never held in memory), text parts are
 * collected whatever their order. Any failure — the client going away, the size
 * limit, a second file — discards what was staged, so nothing is left behind.
 */
export async function receiveUpload(
  parts: AsyncIterableIterator<Multipart>,
  storage: FileStorage,
  maxBytes: number,
): Promise<ReceivedUpload> {
  let staged: StagedBlob | undefined;
  let filename = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        assertGoodPart(part);
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || staged) {
        part.file.resume();
        throw new FieldValidationError({ file: [uploadMessages.oneFile] });
      }
      assertGoodPart(part);
      staged = await storage.stage(part.file);
      filename = part.filename;
      // busboy cuts a file at the limit and ends the stream normally.
      if (part.file.truncated) throw new HttpError(413, uploadMessages.tooLarge(maxBytes));
    }
  } catch (error) {
    await staged?.discard();
    throw translate(error, maxBytes);
  }
  if (!staged) throw new FieldValidationError({ file: [uploadMessages.fileRequired] });
  return { staged, filename, fields };
}
