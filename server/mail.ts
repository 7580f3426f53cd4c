/**
 * Outgoing mail: a real SMTP client (nodemailer) when SMTP_URL is set, otherwise the development
 * outbox — each message written as one RFC 5322 `.eml` file in `$COLOPHON_DATA_DIR/outbox`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';

/** A plain-text message. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

/** Where a message went. */
export interface MailReceipt {
  readonly messageId: string;
  /** Outbox file of a development message. */
  readonly file?: string;
}

/** Sends mail. */
export interface Mailer {
  /** Human-readable description for the start-up log (never the password). */
  readonly description: string;
  send(message: MailMessage): Promise<MailReceipt>;
  close(): Promise<void>;
}

/** A mailer over SMTP; `url` is `smtp://` or `smtps://` with optional user:password and query options. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  const safe = new URL(url);
  safe.password = safe.password ? '***' : '';
  return {
    description: `SMTP ${safe.protocol}//${safe.host}`,
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      return { messageId: String(info.messageId) };
    },
    async close() {
      transport.close();
    },
  };
}

/** A development mailer writing each message to `<dir>/<time>-<id>.eml`. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  // nodemailer's stream transport builds the same MIME message SMTP would carry, without sending it.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    description: `development outbox ${dir}`,
    async send(m) {
      const info = await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text });
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      return { messageId: String(info.messageId), file };
    },
    async close() {
      transport.close();
    },
  };
}
