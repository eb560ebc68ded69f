import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage } from './mail-message';

/**
 * The outbox: without SMTP_URL every mail is written under `DATA_DIR/outbox/` as the .eml file
 * an SMTP server would have received (`<time>-<random>.eml`), beside a small .json of what the
 * admins' list shows (recipient, subject, time, the text body), so nothing silently disappears.
 */

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  created_at: string;
  text: string;
}

/** `20261205T182500123Z-3f9a1c2e`: sorts by time, and nothing else is accepted as an id. */
const ID_PATTERN = /^\d{8}T\d{9}Z-[0-9a-f]{8}$/;

export function isOutboxId(id: string): boolean {
  return ID_PATTERN.test(id);
}

function newId(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${randomBytes(4).toString('hex')}`;
}

/** Writes one message (`eml`: the bytes nodemailer built); a reader never sees half a file. */
export async function writeToOutbox(
  dir: string,
  message: MailMessage,
  eml: Buffer,
  now = new Date(),
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const id = newId(now);
  const entry: OutboxEntry = {
    id,
    to: message.to,
    subject: message.subject,
    created_at: now.toISOString(),
    text: message.text,
  };
  // Reset and confirmation links are in there: readable by the server's user only.
  await writeFile(join(dir, `.${id}.eml`), eml, { mode: 0o600 });
  await rename(join(dir, `.${id}.eml`), join(dir, `${id}.eml`));
  await writeFile(join(dir, `.${id}.json`), JSON.stringify(entry), { mode: 0o600 });
  await rename(join(dir, `.${id}.json`), join(dir, `${id}.json`));
  return id;
}

/** The outbox's messages, newest first; an empty list when nothing was ever written. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ids = names
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .filter(isOutboxId)
    .sort()
    .reverse();
  const entries = await Promise.all(ids.map((id) => readOutboxEntry(dir, id)));
  return entries.filter((entry): entry is OutboxEntry => entry !== null);
}

export async function readOutboxEntry(dir: string, id: string): Promise<OutboxEntry | null> {
  if (!isOutboxId(id)) return null;
  try {
    return JSON.parse(await readFile(join(dir, `${id}.json`), 'utf8')) as OutboxEntry;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The .eml file of a message as it would have been sent, or null. */
export async function readOutboxEml(dir: string, id: string): Promise<Buffer | null> {
  if (!isOutboxId(id)) return null;
  try {
    return await readFile(join(dir, `${id}.eml`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
