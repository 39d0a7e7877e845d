// The operator's view of the outbox: each message with its recipient, subject and link.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listOutbox, openMailer, outboxDir } from '../../infra/mail/mailer';
import { formatOutbox } from './outbox';

describe('ops outbox', () => {
  it('lists each message with its recipient, subject, link and file, and says when it is empty', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-outbox-'));
    try {
      const dir = outboxDir(dataDir);
      expect(formatOutbox(await listOutbox(dir), dir)).toBe(`The outbox (${dir}) is empty.\n`);
      await openMailer(dataDir).send({ kind: 'royalty-invitation', to: 'ana@example.com', subject: 'Invitation', text: 'x', link: 'http://localhost:3000/royalty-invitation/abc.def' });
      const text = formatOutbox(await listOutbox(dir), dir);
      expect(text).toContain('  To:      ana@example.com\n  Subject: Invitation\n  Link:    http://localhost:3000/royalty-invitation/abc.def\n');
      expect(text).toMatch(/\.eml\n\n1 message in /);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
