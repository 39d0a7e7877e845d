// The SFTP distributor against a real OpenSSH server on loopback (tests/support/sshd.ts): a release
// goes out as a DDEX batch (batch folder, release folder by UPC, resources, ERN, the batch-complete
// marker last); a partner that is down refuses and the same delivery completes once it is back; an
// upload cut off half way leaves no marker and the next attempt sends the batch whole; the partner's
// acknowledgements move each store (Delivered, Rejected with its reason, Live: only then "Live on
// Platforms"); a package with the placeholder ISRC/UPC prefixes is refused before anything is sent.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTRIBUTION_STATUS_LABELS } from '../../domain/distribution/catalogue';
import { releaseIdentifiers } from '../../domain/distribution/identifiers';
import { sineWav } from '../../tests/support/audio';
import { releaseForm } from '../../tests/support/release-form';
import { partnerConfig, sshdPath, startSshd, type SshdServer } from '../../tests/support/sshd';
import { STORE_DEALS } from './ddex-ern';
import { DistributorRefusal } from './distributor';
import type { DeliveryPartnerConfig } from './partner-config';
import { PartnerUnreachable } from './partner-sftp';
import { buildReleasePackage, ERN_FILE, type PackageSource } from './release-package';
import { batchCompleteName, PLACEHOLDER_REFUSAL, SftpDistributor } from './sftp-distributor';

const REAL_PREFIXES = { isrc: 'USAB1', upc: '1234' };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!sshdPath)(sshdPath ? 'SFTP distributor (real sshd on loopback)' : 'SFTP distributor (skipped: no sshd)', () => {
  let server: SshdServer;
  let dir: string;
  let partner: DeliveryPartnerConfig;
  let sequence = 0;

  async function packaged(audio: Buffer = sineWav({ seconds: 0.2 }), prefixes = REAL_PREFIXES) {
    sequence++;
    const distributionId = `6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a${String(sequence).padStart(2, '0')}`;
    const audioPath = path.join(dir, `master-${sequence}.wav`);
    await writeFile(audioPath, audio);
    const source: PackageSource = {
      distributionId,
      messageId: `GOOSE-${distributionId}`,
      createdAt: new Date(Date.UTC(2026, 10, 28, 9, 0, 0, sequence)).toISOString(),
      ...releaseIdentifiers(2026, sequence, prefixes),
      form: releaseForm(),
      audio: { path: audioPath, extension: 'wav', durationSeconds: 0.2 },
      certificate: null,
      assistedBy: [],
      recipient: { dpid: partner.dpid, name: partner.name },
      territories: partner.territories,
      live: true,
    };
    const built = await buildReleasePackage(dir, source);
    return { source, pkg: { distributionId, directory: path.join(dir, built.directory), ernFile: ERN_FILE } };
  }

  /** The batch's files on the partner's side, by path inside the batch folder, with their SHA-256 and modification time. */
  async function batchFiles(batchId: string) {
    const root = path.join(partner.folders.inbox, batchId);
    const files = new Map<string, { sha256: string; mtimeMs: number }>();
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const full = path.join(entry.parentPath, entry.name);
      files.set(path.relative(root, full), { sha256: sha256(await readFile(full)), mtimeMs: (await stat(full)).mtimeMs });
    }
    return files;
  }

  async function acknowledge(name: string, body: string) {
    await mkdir(partner.folders.acknowledgements, { recursive: true });
    await writeFile(path.join(partner.folders.acknowledgements, name), `<?xml version="1.0" encoding="UTF-8"?>\n<FtpAcknowledgementMessage>${body}</FtpAcknowledgementMessage>`);
  }

  beforeAll(async () => {
    server = await startSshd();
    dir = await mkdtemp(path.join(os.tmpdir(), 'goose-sftp-'));
    partner = partnerConfig(server);
    await mkdir(partner.folders.inbox, { recursive: true });
    await mkdir(partner.folders.acknowledgements, { recursive: true });
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('delivers a release as one DDEX batch: the release folder by UPC, the resources, the ERN, and BatchComplete_<batchId>.xml written last', async () => {
    const { source, pkg } = await packaged();
    const distributor = new SftpDistributor(partner);
    const ack = await distributor.deliver(pkg);
    const batchId = `20261128090000${String(sequence).padStart(3, '0')}_${source.upc}`;
    expect(ack).toEqual({ distributor: 'Acme Distribution', deliveryId: `${batchId}:${source.messageId}`, notice: null });

    const files = await batchFiles(batchId);
    expect([...files.keys()].sort()).toEqual([batchCompleteName(batchId), `${source.upc}/${source.upc}.xml`, `${source.upc}/resources/A1.wav`, `${source.upc}/resources/A2.png`].sort());
    expect(files.get(`${source.upc}/${source.upc}.xml`)!.sha256).toBe(sha256(await readFile(path.join(pkg.directory, ERN_FILE))));
    expect(files.get(`${source.upc}/resources/A1.wav`)!.sha256).toBe(sha256(await readFile(path.join(pkg.directory, 'resources/A1.wav'))));
    const marker = files.get(batchCompleteName(batchId))!;
    for (const [name, file] of files) if (name !== batchCompleteName(batchId)) expect(marker.mtimeMs).toBeGreaterThanOrEqual(file.mtimeMs);
    const markerXml = await readFile(path.join(partner.folders.inbox, batchId, batchCompleteName(batchId)), 'utf8');
    expect(markerXml).toContain(`<MessageId>${source.messageId}</MessageId>`);
    const ern = await readFile(path.join(pkg.directory, ERN_FILE), 'utf8');
    expect(ern).toContain('<MessageControlType>LiveMessage</MessageControlType>');
    expect(ern).toContain(`<PartyId>${partner.dpid}</PartyId>`);

    // Delivering again (a retried activity) finds the marker and sends nothing.
    expect(await distributor.deliver(pkg)).toEqual(ack);
    expect(await batchFiles(batchId)).toEqual(files);
  }, 30_000);

  it('a partner that is down refuses with PartnerUnreachable (retried, never a refusal of the release); once it is back the same delivery completes', async () => {
    const { source, pkg } = await packaged();
    const distributor = new SftpDistributor(partner);
    await server.stop();
    try {
      const down = await distributor.deliver(pkg).catch((error: unknown) => error);
      expect(down).toBeInstanceOf(PartnerUnreachable);
      expect(down).not.toBeInstanceOf(DistributorRefusal);
    } finally {
      await server.start();
    }
    const ack = await distributor.deliver(pkg);
    const batchId = ack.deliveryId.split(':')[0]!;
    expect((await batchFiles(batchId)).has(batchCompleteName(batchId))).toBe(true);
    expect(batchId.endsWith(source.upc)).toBe(true);
  }, 30_000);

  it('an upload cut off half way leaves no batch-complete marker, and the next attempt sends the batch whole', async () => {
    // 48 MB of audio: long enough on loopback to cut the session while A1.wav is being written.
    const audio = Buffer.alloc(48 * 1024 * 1024, 7);
    const { source, pkg } = await packaged(audio);
    const distributor = new SftpDistributor(partner);
    const batchId = `20261128090000${String(sequence).padStart(3, '0')}_${source.upc}`;
    const remoteAudio = path.join(partner.folders.inbox, batchId, source.upc, 'resources/A1.wav');
    const delivery = distributor.deliver(pkg).then(() => 'completed', (error: unknown) => error);
    let cutAt = -1;
    for (let i = 0; i < 3000 && cutAt < 0; i++) {
      const size = await stat(remoteAudio).then((s) => s.size, () => 0);
      if (size > 0 && size < audio.length) {
        await server.stop();
        cutAt = size;
      } else await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(cutAt).toBeGreaterThan(0);
    expect(await delivery).toBeInstanceOf(PartnerUnreachable);
    const partial = await batchFiles(batchId);
    expect(partial.has(batchCompleteName(batchId))).toBe(false);
    expect(partial.has(`${source.upc}/${source.upc}.xml`)).toBe(false);
    expect((await stat(remoteAudio)).size).toBeLessThan(audio.length);

    await server.start();
    await distributor.deliver(pkg);
    const whole = await batchFiles(batchId);
    expect(whole.get(`${source.upc}/resources/A1.wav`)!.sha256).toBe(sha256(audio));
    expect(whole.get(`${source.upc}/${source.upc}.xml`)!.sha256).toBe(sha256(await readFile(path.join(pkg.directory, ERN_FILE))));
    expect(whole.has(batchCompleteName(batchId))).toBe(true);
  }, 60_000);

  it("a rejection acknowledgement fails that store with the partner's reason; a Delivered one moves the other to uploaded, not live", async () => {
    const { source, pkg } = await packaged();
    const distributor = new SftpDistributor(partner);
    const ack = await distributor.deliver(pkg);
    expect(await distributor.poll(ack.deliveryId, ['spotify', 'beatport'])).toEqual([]);
    await acknowledge(
      `ACK_${sequence}_1.xml`,
      `<MessageHeader><MessageId>ACK-${sequence}-1</MessageId></MessageHeader>
       <AcknowledgedMessageId>${source.messageId}</AcknowledgedMessageId>
       <MessageStatus>FileOK</MessageStatus>
       <ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.beatport!.dpid}</PartyId></DistributionChannel><Status>Rejected</Status><Reason>Beatport accepts electronic genres only; the release's genre was refused</Reason></ReleaseStatus>
       <ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.spotify!.dpid}</PartyId></DistributionChannel><Status>Delivered</Status></ReleaseStatus>`,
    );
    // Another release's acknowledgement in the same folder changes nothing here.
    await acknowledge(`ACK_${sequence}_0.xml`, `<AcknowledgedMessageId>GOOSE-another</AcknowledgedMessageId><MessageStatus>FileOK</MessageStatus><ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.spotify!.dpid}</PartyId></DistributionChannel><Status>Live</Status></ReleaseStatus>`);
    const reports = await distributor.poll(ack.deliveryId, ['spotify', 'beatport']);
    expect(reports).toContainEqual({ storeId: 'beatport', state: 'failed', reason: "Beatport accepts electronic genres only; the release's genre was refused" });
    expect(reports).toContainEqual({ storeId: 'spotify', state: 'uploaded', reason: null });
    expect(DISTRIBUTION_STATUS_LABELS.uploaded).not.toBe('Live on Platforms');
  }, 30_000);

  it('a Live acknowledgement, and only that, makes the store distributed ("Live on Platforms"); a whole-message error rejects every store', async () => {
    const live = await packaged();
    const distributor = new SftpDistributor(partner);
    const ack = await distributor.deliver(live.pkg);
    const batchId = ack.deliveryId.split(':')[0]!;
    await acknowledge(`ACK_${sequence}_1.xml`, `<AcknowledgedFile>${batchId}/${live.source.upc}/${live.source.upc}.xml</AcknowledgedFile><MessageStatus>FileOK</MessageStatus><ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.spotify!.dpid}</PartyId></DistributionChannel><Status>Delivered</Status></ReleaseStatus>`);
    expect(await distributor.poll(ack.deliveryId, ['spotify'])).toEqual([{ storeId: 'spotify', state: 'uploaded', reason: null }]);
    await acknowledge(`ACK_${sequence}_2.xml`, `<AcknowledgedMessageId>${live.source.messageId}</AcknowledgedMessageId><MessageStatus>FileOK</MessageStatus><ReleaseStatus><DistributionChannel><PartyId>${STORE_DEALS.spotify!.dpid}</PartyId></DistributionChannel><Status>Live</Status></ReleaseStatus>`);
    const reports = await distributor.poll(ack.deliveryId, ['spotify']);
    expect(reports).toEqual([{ storeId: 'spotify', state: 'distributed', reason: null }]);
    expect(DISTRIBUTION_STATUS_LABELS[reports[0]!.state as 'distributed']).toBe('Live on Platforms');

    const broken = await packaged();
    const brokenAck = await distributor.deliver(broken.pkg);
    await acknowledge(`ACK_${sequence}_1.xml`, `<AcknowledgedMessageId>${broken.source.messageId}</AcknowledgedMessageId><MessageStatus>ResourceCorrupt</MessageStatus><ErrorText>A1.wav could not be decoded</ErrorText>`);
    expect(await distributor.poll(brokenAck.deliveryId, ['spotify', 'beatport'])).toEqual([
      { storeId: 'spotify', state: 'failed', reason: 'The delivery partner rejected the release (ResourceCorrupt): A1.wav could not be decoded' },
      { storeId: 'beatport', state: 'failed', reason: 'The delivery partner rejected the release (ResourceCorrupt): A1.wav could not be decoded' },
    ]);
  }, 30_000);

  it('refuses a package with the placeholder ISRC/UPC prefixes before sending anything, in plain words for the creator', async () => {
    const { source, pkg } = await packaged(undefined, { isrc: 'QZGSE', upc: '0860' });
    const refused = await new SftpDistributor(partner).deliver(pkg).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DistributorRefusal);
    expect((refused as Error).message).toBe(PLACEHOLDER_REFUSAL);
    expect((await readdir(partner.folders.inbox)).some((name) => name.endsWith(source.upc))).toBe(false);
  }, 30_000);
});
