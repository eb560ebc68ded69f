import { FileSchema } from '@bagysh/shared';
import { api } from '../../../lib/api-client';

/** Uploads an image as a public file (covers and body images must be visible to guests). */
export async function uploadPublicImage(file: File) {
  const form = new FormData();
  form.append('visibility', 'public');
  form.append('file', file);
  return api('files/', { method: 'POST', body: form, schema: FileSchema });
}
