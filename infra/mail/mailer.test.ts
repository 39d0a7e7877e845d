// The mailers. The outbox: each message lands as an .eml a mail client reads and a .json record, and
// a name or subject cannot add headers of its own. SMTP: with SMTP_URL set the message reaches an
// SMTP server (a minimal one in this test) with its link.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeHtml, listOutbox, mailLine, openMailer, outboxDir, OutboxMailer, SmtpMailer } from './mailer';

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

  it('keeps a subject on one line whatever break or control character it carries', async () => {
    const mailer = new OutboxMailer(outboxDir(dataDir));
    for (const cut of ['\r\n', '\n', '\r', '\u2028', '\u2029', '\u0085', '\u000b', '\u0000']) {
      await mailer.send({ to: 'ana@example.com', subject: `Hi${cut}Bcc: victim@example.com`, text: 'x', link: null, kind: 'test' });
    }
    for (const entry of await listOutbox(outboxDir(dataDir))) {
      const eml = await readFile(path.join(outboxDir(dataDir), entry.eml), 'utf8');
      const headers = eml.split('\r\n\r\n')[0]!;
      expect(headers).not.toMatch(/^Bcc:/m);
      expect(entry.subject).toBe('Hi Bcc: victim@example.com');
      const subject = headers.split('\r\n').find((line) => line.startsWith('Subject: '))!.slice('Subject: '.length);
      const decoded = subject.startsWith('=?UTF-8?B?') ? Buffer.from(subject.slice(10, -2), 'base64').toString('utf8') : subject;
      expect(decoded).toBe('Hi Bcc: victim@example.com');
    }
  });

  it('writes a message with HTML as multipart/alternative, the text part first', async () => {
    const mailer = new OutboxMailer(outboxDir(dataDir));
    await mailer.send({ to: 'ana@example.com', subject: 'Both', text: 'Plain words', html: '<p>Rich words</p>', link: null, kind: 'test' });
    const [entry] = await listOutbox(outboxDir(dataDir));
    const eml = await readFile(path.join(outboxDir(dataDir), entry!.eml), 'utf8');
    const boundary = /^Content-Type: multipart\/alternative; boundary="([^"]+)"$/m.exec(eml)![1]!;
    const parts = eml.split(`--${boundary}`);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\nPlain words\r\n');
    expect(parts[2]).toContain('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n<p>Rich words</p>\r\n');
    expect(parts[3]).toBe('--\r\n');
  });

  it('makes a name one line and escapes it for HTML', () => {
    expect(mailLine('Eve\r\nBcc: x@y\u2028\u2029\u0007 end ')).toBe('Eve Bcc: x@y end');
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;');
  });

  it('lists an outbox that was never written as empty', async () => {
    expect(await listOutbox(outboxDir(dataDir))).toEqual([]);
  });
});

/** What the in-test SMTP server was handed: the envelope and the message as sent after DATA. */
interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * The least of SMTP a client needs (RFC 5321): 220 greeting, EHLO/HELO 250, MAIL/RCPT 250, DATA 354,
 * the message up to a line holding only '.', 250, QUIT 221. No TLS and no AUTH are offered.
 */
async function smtpListener(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let envelope: Received = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(envelope);
            envelope = { from: '', to: [], data: '' };
            reply('250 2.0.0 Ok: queued as TEST1');
          } else {
            envelope.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO' || verb === 'HELO' || verb === 'RSET' || verb === 'NOOP') {
          reply('250 smtp.test');
        } else if (verb === 'MAIL') {
          envelope.from = address;
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          envelope.to.push(address);
          reply('250 2.1.5 Ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
        } else {
          reply('502 5.5.2 Not implemented');
        }
      }
    });
    socket.on('error', () => undefined);
    reply('220 smtp.test ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A quoted-printable body as text (soft line breaks joined, =XX bytes decoded). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('SMTP mailer', () => {
  it('is chosen when SMTP_URL is set and hands the message, with its link, to the SMTP server; nothing goes to the outbox', async () => {
    const smtp = await smtpListener();
    try {
      const link = 'http://localhost:3000/royalty-invitation/eyJjb250ZW50SWQiOiJjLTEiLCJyZWNlaXZlcklkIjoici0xIn0.c2lnbmF0dXJlLW9mLXRoZS1pbnZpdGF0aW9uLXRva2Vu';
      const mailer = openMailer(dataDir, { SMTP_URL: smtp.url, SMTP_FROM: 'Royalties <royalties@goose.test>' });
      expect(mailer.transport).toBe('smtp');
      const sent = await mailer.send({ to: 'ana@example.com', subject: 'You are invited to «Chanson»', text: `Ada invites you to share the royalties.\nAccept here: ${link}\n`, link, kind: 'royalty-invitation' });
      (mailer as SmtpMailer).close();

      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect({ from: mail!.from, to: mail!.to }).toEqual({ from: 'royalties@goose.test', to: ['ana@example.com'] });
      const [headers, ...rest] = mail!.data.split('\r\n\r\n');
      expect(headers).toMatch(/^From: Royalties <royalties@goose\.test>$/m);
      expect(headers).toMatch(/^To: ana@example\.com$/m);
      expect(headers).toContain(`Message-ID: <${sent.messageId}>`);
      const body = rest.join('\r\n\r\n');
      expect(/quoted-printable/i.test(headers!) ? decodeQuotedPrintable(body) : body).toContain(`Accept here: ${link}`);
      expect(sent.deliveredTo).toBe('smtp: 250 2.0.0 Ok: queued as TEST1');
      expect(await listOutbox(outboxDir(dataDir))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('refuses an SMTP_URL that is not smtp:// or smtps:// at start', () => {
    expect(() => openMailer(dataDir, { SMTP_URL: 'mail.example.com:587' })).toThrow('SMTP_URL must look like smtp://');
  });
});
