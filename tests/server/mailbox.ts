import type { Mailer, MailMessage } from '../../server/mail/mailer';

/** A Mailer that keeps what the server sends, for tests to read the links and codes. */
export class Mailbox implements Mailer {
  readonly description = 'test mailbox';
  readonly messages: MailMessage[] = [];

  async send(m: MailMessage): Promise<void> {
    this.messages.push(m);
  }

  /** Where the mailbox stands now: give it to latest() to wait for a message sent after it. */
  mark(): number {
    return this.messages.length;
  }

  /**
   * The newest message to `to` (mail leaves in the background, after the answer: waits up to
   * 3 s), among those sent after `after` (a mark()). Without a mark, an older message that
   * matches is returned at once, even while a newer one is still on its way.
   */
  async latest(to: string, subject?: RegExp, after = 0): Promise<MailMessage> {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = this.messages
        .slice(after)
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
