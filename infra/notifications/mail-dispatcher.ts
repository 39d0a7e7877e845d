// Mails the notifications that ask the user to act (ACTION_NOTIFICATION_KINDS), apart from the
// projection: a projection's apply runs again on every replay and rebuild, so it must never send.
// This loop reads the mailable notifications of the last two days that it has no record of, to users
// with a confirmed address, and records each one in its own table (notification_mail_sends, which no
// projection owns, so a rebuild never resends) before sending it: sent, or skipped when the user
// turned that kind's mail off. A notification older than two days is never mailed, so a first boot
// that builds the read model from years of events does not flood anyone. A send that fails is
// forgotten and tried again on the next pass. Each mail carries a signed one-click unsubscribe link
// for its kind (RFC 8058 headers, and the link in the text).
import type { MailableNotification, UnsentNotificationMail } from '../../domain/notifications/ports';
import type { Db } from '../db/db';
import { logger } from '../logger/logger';
import { escapeHtml, mailLine, type Mailer } from '../mail/mailer';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

export const MAIL_SENDS_TABLE = 'notification_mail_sends';
/** Older notifications are never mailed: what a rebuild or a long outage brings back stays in the app. */
export const MAIL_MAX_AGE_MS = 2 * 24 * 60 * 60 * 1000;
const BATCH = 50;
const log = logger.child({ module: 'notification-mail' });

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS ${MAIL_SENDS_TABLE} (
    notification_id text PRIMARY KEY,
    user_id text NOT NULL,
    kind text NOT NULL,
    outcome text NOT NULL,
    delivered_to text,
    recorded_at timestamptz NOT NULL DEFAULT now()
  )`;

export interface NotificationMailDeps {
  db: Db;
  unsent: UnsentNotificationMail;
  mailer: Mailer;
  tokens: UnsubscribeTokens;
  /** Where users reach the platform: the links in the mail start with it. */
  publicOrigin: () => string;
  now?: () => Date;
}

/** The unsubscribe address a mail of `kind` to `userId` carries. */
export function unsubscribeUrl(origin: string, tokens: UnsubscribeTokens, userId: string, kind: MailableNotification['kind']): string {
  return `${origin}/api/notifications/unsubscribe?token=${tokens.sign({ userId, kind })}`;
}

function mailOf(notification: MailableNotification, origin: string, unsubscribe: string) {
  const link = notification.actionUrl ? `${origin}${notification.actionUrl}` : null;
  const title = mailLine(notification.title);
  const text = [
    notification.message,
    '',
    ...(link ? [`${notification.actionText ?? 'Open GOOSE'}: ${link}`, ''] : []),
    `You get this mail because it asks you to act. Stop these mails ("${notification.kind}"): ${unsubscribe}`,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(notification.message)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(notification.actionText ?? 'Open GOOSE')}</a></p>` : '',
    `<p style="color:#666;font-size:12px">You get this mail because it asks you to act. <a href="${escapeHtml(unsubscribe)}">Stop these mails</a>.</p>`,
  ].join('');
  return { to: notification.email, subject: `GOOSE: ${title}`, text, html, link, kind: `notification-${notification.kind}`, unsubscribeUrl: unsubscribe };
}

export class NotificationMailDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private ready = false;

  constructor(private readonly deps: NotificationMailDeps) {}

  /** One pass: mails (or skips) what is due; answers how many were sent. */
  async dispatch(): Promise<number> {
    const { db, unsent, mailer, tokens } = this.deps;
    if (!this.ready) {
      await db.query(SCHEMA);
      this.ready = true;
    }
    const now = this.deps.now?.() ?? new Date();
    const due = await unsent.unsent(MAIL_SENDS_TABLE, new Date(now.getTime() - MAIL_MAX_AGE_MS), BATCH);
    let sent = 0;
    for (const notification of due) {
      const claimed = await db.query(
        `INSERT INTO ${MAIL_SENDS_TABLE} (notification_id, user_id, kind, outcome) VALUES ($1, $2, $3, $4) ON CONFLICT (notification_id) DO NOTHING RETURNING notification_id`,
        [notification.id, notification.userId, notification.kind, notification.mailWanted ? 'sending' : 'skipped: mail turned off for this kind'],
      );
      if (claimed.rows.length === 0 || !notification.mailWanted) continue;
      const origin = this.deps.publicOrigin();
      try {
        const delivered = await mailer.send(mailOf(notification, origin, unsubscribeUrl(origin, tokens, notification.userId, notification.kind)));
        await db.query(`UPDATE ${MAIL_SENDS_TABLE} SET outcome = 'sent', delivered_to = $2 WHERE notification_id = $1`, [notification.id, delivered.deliveredTo]);
        sent += 1;
      } catch (error) {
        // Forgotten, so the next pass tries again (until the notification is two days old).
        await db.query(`DELETE FROM ${MAIL_SENDS_TABLE} WHERE notification_id = $1`, [notification.id]);
        log.warn({ err: error, notificationId: notification.id, kind: notification.kind }, 'notification mail not sent; trying again on the next pass');
      }
    }
    if (sent > 0) log.info({ sent, transport: mailer.transport }, 'notification mail sent');
    return sent;
  }

  /** Runs a pass every `everyMs` until stopped. */
  start(everyMs = 5_000): void {
    const tick = () => {
      this.running = this.dispatch()
        .catch((error: unknown) => log.error({ err: error }, 'notification mail pass failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, everyMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
