import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';

/** One account mail: a text body and the link (or code) it carries, for the console line. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the console prints when no SMTP server is configured (the link or the code). */
  action: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where mail goes, for the start-up log line. */
  readonly description: string;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL (user and password in it); without one, mail is written to outboxDir. */
  smtpUrl?: string;
  from?: string;
  /** Folder for .eml files when there is no SMTP server (DATA_DIR/mail). */
  outboxDir?: string | null;
  log?: (line: string) => void;
}

export const DEFAULT_FROM = 'Pneuma <no-reply@pneuma.local>';

/**
 * Account mail through nodemailer: over SMTP when PNEUMA_SMTP_URL is set, else each message
 * is written as an .eml file (the same RFC 5322 text an SMTP server would get) under the
 * data folder and its link printed on the console, so a local user can still confirm an
 * address or reset a password. Without either, the console line is the only copy.
 */
export function createMailer(opts: MailerOptions = {}): Mailer {
  const from = opts.from || DEFAULT_FROM;
  const log = opts.log ?? ((line: string) => console.log(line));
  if (opts.smtpUrl) {
    const transport = createTransport(opts.smtpUrl, { from });
    const host = new URL(opts.smtpUrl).host;
    return {
      description: `SMTP ${host}`,
      async send(m) {
        await transport.sendMail({ to: m.to, subject: m.subject, text: m.text });
      },
    };
  }
  const composer = createTransport(
    { streamTransport: true, buffer: true, newline: 'unix' },
    { from },
  );
  const dir = opts.outboxDir ?? null;
  return {
    description: dir
      ? `files in ${dir} (no SMTP server configured)`
      : 'the console only (no SMTP server configured)',
    async send(m) {
      if (!dir) {
        log(`Mail to ${m.to} (${m.subject}): ${m.action}`);
        return;
      }
      const info = await composer.sendMail({ to: m.to, subject: m.subject, text: m.text });
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(dir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log(`Mail to ${m.to} (${m.subject}) written to ${file}: ${m.action}`);
    },
  };
}
