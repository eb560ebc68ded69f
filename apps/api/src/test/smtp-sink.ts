import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server on a free port, plain SMTP without STARTTLS, any
 * login accepted): every message it takes is parsed with mailparser and kept. `refuseNext(n)`
 * answers the next n messages with a temporary failure (451), as a busy server would.
 */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** How many messages were refused so far. */
  refused: number;
  refuseNext(count: number): void;
  /** The first message that `match` accepts, waiting up to `timeoutMs` for it. */
  waitFor(match: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  let toRefuse = 0;
  const sink: Partial<SmtpSink> = { messages, refused: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          sink.refused = (sink.refused ?? 0) + 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            messages.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://user:secret@127.0.0.1:${port}`,
    refuseNext(count: number) {
      toRefuse = count;
    },
    async waitFor(match: (mail: ParsedMail) => boolean, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error('no such mail arrived');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}

/** The token of the first account link (`…#token=…`) in a mail's text. */
export function linkToken(text: string | undefined): string {
  const match = /#token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error('no link in the mail');
  return match[1];
}
