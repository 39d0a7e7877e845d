// The outbox mailer: each message lands as an .eml a mail client reads and a .json record, and a
// name or subject cannot add headers of its own.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOutbox, openMailer, outboxDir, OutboxMailer } from './mailer';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-mail-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('outbox mailer', () => {
  it('writes the message as an .eml and a .json record listed oldest first', async () => {
    const mailer = openMailer(dataDir, { SMTP_FROM: 'Royalties <royalties@goose.test>' });
    const first = await mailer.send({ to: 'ana@example.com', subject: 'You are invited', text: 'Accept here:\nhttp://x/royalty-invitation/t1', link: 'http://x/royalty-invitation/t1', kind: 'royalty-invitation' });
    await mailer.send({ to: 'bo@example.com', subject: 'Second', text: 'b', link: null, kind: 'royalty-invitation' });

    const entries = await listOutbox(outboxDir(dataDir));
    expect(entries.map((e) => e.to)).toEqual(['ana@example.com', 'bo@example.com']);
    expect(entries[0]).toMatchObject({ messageId: first.messageId, from: 'Royalties <royalties@goose.test>', subject: 'You are invited', link: 'http://x/royalty-invitation/t1' });
    expect(first.deliveredTo).toBe(`outbox/${entries[0]!.eml}`);

    const eml = await readFile(path.join(outboxDir(dataDir), entries[0]!.eml), 'utf8');
    expect(eml).toMatch(/^From: Royalties <royalties@goose\.test>\r\nTo: ana@example\.com\r\nSubject: You are invited\r\n/);
    expect(eml).toContain('\r\n\r\nAccept here:\r\nhttp://x/royalty-invitation/t1\r\n');
  });

  it('keeps a subject on one header line and encodes non-ASCII text', async () => {
    const mailer = new OutboxMailer(outboxDir(dataDir));
    await mailer.send({ to: 'ana@example.com', subject: 'Hi\r\nBcc: victim@example.com', text: 'x', link: null, kind: 'test' });
    await mailer.send({ to: 'ana@example.com', subject: 'Ça va — «Chanson»', text: 'x', link: null, kind: 'test' });
    const [injected, accented] = await listOutbox(outboxDir(dataDir));
    const headers = (await readFile(path.join(outboxDir(dataDir), injected!.eml), 'utf8')).split('\r\n\r\n')[0]!;
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(headers).toContain('Subject: Hi Bcc: victim@example.com');
    const encoded = (await readFile(path.join(outboxDir(dataDir), accented!.eml), 'utf8')).match(/^Subject: =\?UTF-8\?B\?([^?]+)\?=/m)![1]!;
    expect(Buffer.from(encoded, 'base64').toString('utf8')).toBe('Ça va — «Chanson»');
  });

  it('lists an outbox that was never written as empty', async () => {
    expect(await listOutbox(outboxDir(dataDir))).toEqual([]);
  });
});
