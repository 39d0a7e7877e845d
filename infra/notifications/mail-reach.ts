// Whether notification mail of a kind reaches a user, read from their own streams (so a workflow
// activity can say it truthfully without a read model): their confirmed address (UserEmailConfirmed,
// UserEmailRemoved on the user stream) and their mail preference for the kind (the inbox stream).
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../domain/contracts/notifications';
import { userStreamId } from '../../domain/identity/user.events';
import { inboxDecider } from '../../domain/notifications/inbox.decider';
import { inboxStreamId } from '../../domain/notifications/inbox.events';
import { readState } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

export interface MailReach {
  kind: NotificationKind;
  /** The confirmed address, or null. */
  email: string | null;
  /** The user's mail preference for the kind. */
  wanted: boolean;
}

export async function mailReachOf(eventStore: EventStore, userId: string, kind: NotificationKind): Promise<MailReach> {
  let email: string | null = null;
  for (const event of await eventStore.readStream(userStreamId(userId))) {
    if (event.type === 'UserEmailConfirmed') email = (event.data as { email: string }).email;
    if (event.type === 'UserEmailRemoved') email = null;
  }
  const inbox = await readState(eventStore, inboxStreamId(userId), inboxDecider);
  return { kind, email, wanted: inbox.preferences[kind].email };
}

/** How a notification of `kind` reaches the user, in words: always in the app, and by mail when it can. */
export function howTold(reach: MailReach): { channel: 'email' | 'in_app'; detail: string } {
  const inApp = 'Told in the app: a notification in their bell and notifications page links to the case';
  if (!reach.email) return { channel: 'in_app', detail: `${inApp}. Not by mail: they have no confirmed e-mail address` };
  if (!reach.wanted) return { channel: 'in_app', detail: `${inApp}. Not by mail: they turned off mail for "${NOTIFICATION_KIND_LABELS[reach.kind]}"` };
  return { channel: 'email', detail: `${inApp}, and by mail to their confirmed e-mail address` };
}
