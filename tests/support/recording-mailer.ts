// A mailer for route tests that keeps what it was asked to send, in order, instead of sending it.
import { randomUUID } from 'node:crypto';
import type { MailMessage, Mailer } from '../../infra/mail/mailer';

export function recordingMailer(transport: Mailer['transport']): { mailer: Mailer; mails: MailMessage[] } {
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    transport,
    send: async (message) => {
      mails.push(message);
      return { messageId: randomUUID(), deliveredTo: 'test' };
    },
  };
  return { mailer, mails };
}
