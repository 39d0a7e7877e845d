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
  /** The same message as HTML, sent beside the text (multipart/alternative); what it interpolates is escaped with `escapeHtml`. */
  html?: string;
  /** The one link the message is about (an invitation's accept page), kept in the outbox's record. */
  link: string | null;
  /** What the message is, for operators: `royalty-invitation`. */
  kind: string;
  /**
   * A one-click unsubscribe address (RFC 8058): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so a mail client's button POSTs to it.
   */
  unsubscribeUrl?: string;
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

/**
 * Line breaks (CR, LF, U+2028, U+2029) and the other control characters (C0, DEL, C1): in a header
 * they would start a header of their own (a `Bcc:`); in a body, a line of the sender's choosing.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const BREAKS_AND_CONTROLS = /\s*[\u0000-\u001F\u007F-\u009F\u2028\u2029]+\s*/g;

/** Text a user chose (a name, a title) as one line of a mail: breaks and control characters (and the spaces around them) become one space. */
export function mailLine(value: string): string {
  return value.replace(BREAKS_AND_CONTROLS, ' ').trim();
}

/** Text for an HTML body: the characters HTML reads as markup, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A mail about one link (a confirmation, a reset): the greeting, why it was sent and what the link
 * does, the link itself, then the closing lines (what to do when it was not expected), as text and
 * as HTML with every line escaped.
 */
export function sendLinkMail(
  mailer: Mailer,
  mail: { kind: string; to: string; link: string; subject: string; greeting: string; ask: string; open: string; closing: readonly string[] },
): Promise<SentMail> {
  const link = escapeHtml(mail.link);
  return mailer.send({
    kind: mail.kind,
    to: mail.to,
    link: mail.link,
    subject: mail.subject,
    text: [`${mail.greeting},`, '', mail.ask, mail.open, '', mail.link, '', ...mail.closing].join('\n'),
    html: [
      `<p>${escapeHtml(mail.greeting)},</p>`,
      `<p>${escapeHtml(mail.ask)}<br>${escapeHtml(mail.open)}</p>`,
      `<p><a href="${link}">${link}</a></p>`,
      `<p>${mail.closing.map(escapeHtml).join('<br>')}</p>`,
    ].join('\n'),
  });
}

/** A header value on one line: a break in a name or subject must not start a header of its own. */
function headerValue(value: string): string {
  return mailLine(value);
}

/** RFC 2047 encoded-word for a header holding anything beyond printable ASCII. */
function encodedHeader(value: string): string {
  const line = headerValue(value);
  return /^[\x20-\x7e]*$/.test(line) ? line : `=?UTF-8?B?${Buffer.from(line, 'utf8').toString('base64')}?=`;
}

/** A body with CRLF line ends. */
function crlf(body: string): string {
  return body.replace(/\r?\n/g, '\r\n');
}

/** The message as an RFC 5322 text (UTF-8 body, CRLF line ends); text and HTML as multipart/alternative when it has HTML. */
export function toEml(message: MailMessage, from: string, messageId: string, date: Date): string {
  const headers = [
    `From: ${encodedHeader(from)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${encodedHeader(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${messageId}@goose.local>`,
    ...(message.unsubscribeUrl === undefined ? [] : [`List-Unsubscribe: <${headerValue(message.unsubscribeUrl)}>`, 'List-Unsubscribe-Post: List-Unsubscribe=One-Click']),
    'MIME-Version: 1.0',
  ];
  const part = (type: string, body: string) => `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${crlf(body)}\r\n`;
  if (message.html === undefined) return `${headers.join('\r\n')}\r\n${part('text/plain', message.text)}`;
  const boundary = `goose-${messageId}`;
  return [
    `${headers.join('\r\n')}\r\nContent-Type: multipart/alternative; boundary="${boundary}"\r\n\r\n`,
    `--${boundary}\r\n${part('text/plain', message.text)}`,
    `--${boundary}\r\n${part('text/html', message.html)}`,
    `--${boundary}--\r\n`,
  ].join('');
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
    const info = await this.transporter.sendMail({
      from: this.from,
      to: headerValue(message.to),
      subject: headerValue(message.subject),
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.unsubscribeUrl === undefined
        ? {}
        : { list: { unsubscribe: headerValue(message.unsubscribeUrl) }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }),
    });
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
