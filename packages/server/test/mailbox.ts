// A real SMTP server for the tests (the `smtp-server` package, on a free port of 127.0.0.1): the
// server under test sends its letters to it through nodemailer, and a test reads each letter it took,
// parsed by `mailparser`, as a person's mail program would show it.
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** What the server under test is given: BASKA_SMTP_URL and BASKA_MAIL_FROM. */
  env: Record<string, string>;
  /** Every letter taken so far, oldest first. */
  letters: ParsedMail[];
  /** The first letter from `from` on (default: the next one) to this address. */
  next(to: string, from?: number, ms?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

const addressesOf = (m: ParsedMail) =>
  [m.to ?? []].flat().flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));

export async function mailbox(): Promise<Mailbox> {
  const letters: ParsedMail[] = [];
  let waiters: { to: string; from: number; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'], // the test's own machine: plain SMTP
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (m) => {
          letters.push(m);
          const n = letters.length - 1;
          waiters = waiters.filter((w) =>
            n >= w.from && addressesOf(m).includes(w.to.toLowerCase()) ? (w.resolve(m), false) : true,
          );
          done();
        },
        (e: Error) => done(e),
      );
    },
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port)),
  );
  return {
    env: { BASKA_SMTP_URL: `smtp://127.0.0.1:${port}`, BASKA_MAIL_FROM: 'Baśka <baska@example.org>' },
    letters,
    next(to, from = letters.length, ms = 10_000) {
      const seen = letters.slice(from).find((m) => addressesOf(m).includes(to.toLowerCase()));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no letter to ${to} came within ${ms} ms`)), ms);
        waiters.push({
          to,
          from,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The link of a letter's text to a page of the web client (`route`: reset, email), and its token. */
export function linkIn(letter: ParsedMail, route: string): { url: string; token: string } {
  const m = new RegExp(`(https?://\\S+/#/${route}/([A-Za-z0-9_-]+))`).exec(letter.text ?? '');
  if (!m) throw new Error(`no ${route} link in the letter:\n${letter.text}`);
  return { url: m[1]!, token: m[2]! };
}
