import type { Mailer, MailMessage } from '../../server/mail/mailer';

/** A Mailer that keeps what the server sends, for tests to read the links and codes. */
export class Mailbox implements Mailer {
  readonly description = 'test mailbox';
  readonly messages: MailMessage[] = [];

  async send(m: MailMessage): Promise<void> {
    this.messages.push(m);
  }

  /** The newest message to `to` (mail leaves in the background: waits up to 3 s). */
  async latest(to: string, subject?: RegExp): Promise<MailMessage> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = this.messages
        .filter((m) => m.to === to && (!subject || subject.test(m.subject)))
        .at(-1);
      if (found) return found;
      if (Date.now() > deadline)
        throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  count(to: string): number {
    return this.messages.filter((m) => m.to === to).length;
  }
}
