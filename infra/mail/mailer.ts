// The mail port: what the platform sends people (royalty receivers' invitations) goes through a
// Mailer. The embedded one writes each message to an outbox under data/outbox/ — an RFC 5322 `.eml`
// any mail client opens, and a `.json` beside it with the recipient, subject and link — so an
// operator can read what would have been mailed (`npm run ops -- outbox`). With SMTP_URL set, mail
// is sent through that SMTP server instead (nodemailer; SMTP_FROM the sender), and nothing is written
// to the outbox.
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { logger } from '../logger/logger';

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** The one link the message is about (an invitation's accept page), kept in the outbox's record. */
  link: string | null;
  /** What the message is, for operators: `royalty-invitation`. */
  kind: string;
}

export interface SentMail {
  messageId: string;
  /** Where it went: the outbox file, or the SMTP server's answer. */
  deliveredTo: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
}

/** The `.json` record written beside each outbox message. */
export interface OutboxEntry {
  messageId: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  link: string | null;
  createdAt: string;
  /** The `.eml` file's name in the outbox folder. */
  eml: string;
}

export const DEFAULT_MAIL_FROM = 'GOOSE <no-reply@goose.local>';

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** A header value on one line: a CR or LF in a name or subject must not start a header of its own. */
function headerValue(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/** RFC 2047 encoded-word for a header holding anything beyond printable ASCII. */
function encodedHeader(value: string): string {
  const line = headerValue(value);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/** The message as an RFC 5322 text (UTF-8 body, CRLF line ends). */
export function toEml(message: MailMessage, from: string, messageId: string, date: Date): string {
  const headers = [
    `From: ${encodedHeader(from)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${encodedHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@goose.local>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ];
  const body = message.text.replace(/\r?\n/g, '\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

export class OutboxMailer implements Mailer {
  readonly transport = 'outbox' as const;

  constructor(
    readonly dir: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private written = 0;

  async send(message: MailMessage): Promise<SentMail> {
    await mkdir(this.dir, { recursive: true });
    const messageId = randomUUID();
    const date = this.now();
    // Sortable by time (messages of one millisecond by the order this outbox wrote them), unique by id.
    this.written += 1;
    const base = `${date.toISOString().replace(/[:.]/g, '-')}-${String(this.written).padStart(9, '0')}-${messageId}`;
    const eml = `${base}.eml`;
    await writeFile(path.join(this.dir, eml), toEml(message, this.from, messageId, date), { flag: 'wx', mode: 0o600 });
    const entry: OutboxEntry = { messageId, kind: message.kind, from: this.from, to: message.to, subject: headerValue(message.subject), link: message.link, createdAt: date.toISOString(), eml };
    // The record last: a listed entry always has its message.
    await writeFile(path.join(this.dir, `${base}.json`), `${JSON.stringify(entry, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    logger.info({ kind: message.kind, messageId, file: eml }, 'mail written to the outbox');
    return { messageId, deliveredTo: `outbox/${eml}` };
  }
}

/** The outbox's records, oldest first; an absent outbox is empty. */
export async function listOutbox(dir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const records = names.filter((name) => name.endsWith('.json')).sort();
  return Promise.all(records.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as OutboxEntry));
}

/** Longest `deliveredTo` kept with an invitation (the event's limit). */
const MAX_DELIVERED_TO = 500;

/**
 * Sends through an SMTP server: `smtp://user:pass@host:587` (STARTTLS when the server offers it) or
 * `smtps://...:465`, as nodemailer reads it. One connection per message; the server's answer is
 * kept as where the message went.
 */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<SentMail> {
    const info = await this.transporter.sendMail({ from: this.from, to: headerValue(message.to), subject: headerValue(message.subject), text: message.text });
    const messageId = info.messageId.replace(/^<|>$/g, '');
    logger.info({ kind: message.kind, messageId }, 'mail sent through SMTP');
    return { messageId, deliveredTo: `smtp: ${info.response}`.slice(0, MAX_DELIVERED_TO) };
  }

  close(): void {
    this.transporter.close();
  }
}

/** The server named in an SMTP URL, without its credentials, for logs; anything but smtp(s):// is refused at start. */
function smtpServer(url: string): string {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (!parsed || !['smtp:', 'smtps:'].includes(parsed.protocol)) throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  return `${parsed.protocol}//${parsed.host}`;
}

/** The configured mailer: SMTP when SMTP_URL is set, otherwise the outbox under dataDir. */
export function openMailer(dataDir: string, env: NodeJS.ProcessEnv = {}): Mailer {
  const from = env.SMTP_FROM?.trim() || DEFAULT_MAIL_FROM;
  const url = env.SMTP_URL?.trim();
  if (url) {
    const server = smtpServer(url);
    logger.info({ server, from }, 'mail is sent through SMTP');
    return new SmtpMailer(url, from);
  }
  return new OutboxMailer(outboxDir(dataDir), from);
}
