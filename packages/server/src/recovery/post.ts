// The server's mail: letters sent through the operator's SMTP server (BASKA_SMTP_URL, from
// BASKA_MAIL_FROM) by nodemailer. Without SMTP there is no post, and the operator issues reset links
// on the server's machine instead (commands.ts).
import nodemailer from 'nodemailer';

export interface Letter {
  to: string;
  subject: string;
  text: string;
}

/** Sends a letter; resolves when the SMTP server has taken it. */
export type Post = (letter: Letter) => Promise<void>;

/** A post through the SMTP server of this URL (smtp://user:pass@host:587, smtps://…:465). */
export function smtpPost(url: string, from: string): Post {
  const transport = nodemailer.createTransport(url);
  return async (letter) => {
    await transport.sendMail({ from, ...letter });
  };
}
