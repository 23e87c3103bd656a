import type { MailMessage } from './mailer';

/** The account mails' words (docs/product.md § Accounts and access). Plain text only. */
const SIGN_OFF = '\n\nIf you did not ask for this, you can ignore this message.\n\n- Pneuma\n';

const minutes = (seconds: number) =>
  seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;

export function confirmSignupMail(to: string, link: string, lifetimeS: number): MailMessage {
  return {
    to,
    subject: 'Confirm your Pneuma account',
    text: `Confirm your email address to finish creating your Pneuma account:\n\n${link}\n\nThe link works once, for ${minutes(lifetimeS)}.${SIGN_OFF}`,
    action: link,
  };
}

export function recoveryMail(to: string, link: string, lifetimeS: number): MailMessage {
  return {
    to,
    subject: 'Reset your Pneuma password',
    text: `Someone asked to reset the password of the Pneuma account for ${to}. To choose a new password, open:\n\n${link}\n\nThe link works once, for ${minutes(lifetimeS)}.${SIGN_OFF}`,
    action: link,
  };
}

export function emailChangeMail(to: string, link: string, lifetimeS: number): MailMessage {
  return {
    to,
    subject: 'Confirm your new Pneuma email address',
    text: `Confirm that this is the new email address of your Pneuma account:\n\n${link}\n\nThe address changes only when this link is opened. It works once, for ${minutes(lifetimeS)}.${SIGN_OFF}`,
    action: link,
  };
}

export function emailChangeNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your Pneuma email address is being changed',
    text: `A change of your Pneuma account's email address to ${newEmail} was requested. It takes effect only when the link sent to that address is opened.\n\nIf this was not you, change your password now.\n\n- Pneuma\n`,
    action: `notice of an email change to ${newEmail}`,
  };
}

export function reauthenticationMail(to: string, code: string, lifetimeS: number): MailMessage {
  return {
    to,
    subject: 'Your Pneuma confirmation code',
    text: `Your code to confirm a change to your Pneuma account: ${code}\n\nIt works once, for ${minutes(lifetimeS)}.${SIGN_OFF}`,
    action: `code ${code}`,
  };
}
