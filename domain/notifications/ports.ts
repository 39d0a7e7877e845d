// What the notification mail dispatcher needs from outside: the mailable notifications not yet
// sent, read from the notifications read model (projections/notifications/queries.ts).
import type { Notification } from '../contracts/notifications';

export interface MailableNotification extends Notification {
  userId: string;
  /** The recipient's confirmed address. */
  email: string;
  /** The user's mail preference for this kind. */
  mailWanted: boolean;
}

export interface UnsentNotificationMail {
  /** Mailable notifications created since `since` that `sentTable` does not list, oldest first. */
  unsent(sentTable: string, since: Date, limit: number): Promise<MailableNotification[]>;
}
