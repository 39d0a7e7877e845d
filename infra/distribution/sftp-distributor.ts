// Delivery to a real partner over SFTP in the DDEX ERN "batch" profile: each release is one batch
// folder in the partner's inbox holding a release folder named by its UPC, with the ERN
// (<UPC>.xml) and the resources it names, and the batch-complete marker BatchComplete_<batchId>.xml
// written LAST (uploaded under a temporary name and renamed), so the partner never picks up half a
// batch. The batch id comes from the ERN's creation time and UPC, so a retried delivery writes the
// same batch: when its marker is there the batch is complete and nothing is sent again; when it is
// not (an upload cut off half way), the whole batch is sent again.
//
// The partner's acknowledgements (docs/distribution.md "Acknowledgements") are read from its
// acknowledgement folder on each poll and move each store: Delivered → uploaded, Live → distributed
// (the only way a store shows "Live on Platforms"), Rejected → failed with the partner's reason.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { placeholderIdentifiers } from '../../domain/distribution/identifiers';
import type { DeliveryState } from '../../domain/distribution/catalogue';
import { logger } from '../logger/logger';
import { ERN_NAMESPACE, STORE_DEALS, validateErn } from './ddex-ern';
import { DistributorRefusal, type DeliverablePackage, type DeliveryAck, type Distributor, type StoreReport } from './distributor';
import type { DeliveryPartnerConfig } from './partner-config';
import { withPartnerSftp, type PartnerSftp } from './partner-sftp';
import { childrenNamed, el, parseXml, textAt, writeXml, XmlSyntaxError, type XmlElement } from './xml';

/** Said to the creator when a release cannot go out because the platform's identifiers are placeholders. */
export const PLACEHOLDER_REFUSAL = 'This platform is not yet set up to send releases to stores (its release codes are not registered). Nothing was sent and nothing was charged; please try again later.';

interface Batch {
  batchId: string;
  upc: string;
  messageId: string;
}

/** `<batchId>:<messageId>`, the batch id ending in `_<UPC>`. */
const DELIVERY_ID = /^(\d{17}_(\d{12,13})):(.+)$/;

function parseDeliveryId(deliveryId: string): Batch {
  const match = DELIVERY_ID.exec(deliveryId);
  if (!match) throw new DistributorRefusal(`No partner delivery ${deliveryId}`);
  return { batchId: match[1]!, upc: match[2]!, messageId: match[3]! };
}

/** DDEX batch ids are the batch's creation time to the millisecond (YYYYMMDDhhmmssnnn); the UPC keeps two releases built in the same millisecond apart. */
export function batchIdOf(createdAt: string, upc: string): string {
  return `${new Date(createdAt).toISOString().replace(/\D/g, '').slice(0, 17)}_${upc}`;
}

export const batchCompleteName = (batchId: string) => `BatchComplete_${batchId}.xml`;

export class SftpDistributor implements Distributor {
  readonly name: string;
  readonly reachesStores = true;
  readonly recipient: { dpid: string; name: string };
  readonly territories: readonly string[];
  readonly pollEveryMs: number;

  constructor(private readonly partner: DeliveryPartnerConfig) {
    this.name = partner.name;
    this.recipient = { dpid: partner.dpid, name: partner.name };
    this.territories = partner.territories;
    this.pollEveryMs = partner.ackPollMs;
  }

  async deliver(pkg: DeliverablePackage): Promise<DeliveryAck> {
    const xml = await readFile(path.join(pkg.directory, pkg.ernFile), 'utf8');
    const validation = validateErn(xml);
    if (!validation.valid) throw new DistributorRefusal(`The release package is invalid: ${validation.errors.slice(0, 3).join('; ')}`);
    const ern = parseXml(xml);
    const upc = textAt(ern, 'ReleaseList', 'Release', 'ReleaseId', 'ICPN')!;
    const isrc = textAt(ern, 'ReleaseList', 'TrackRelease', 'ReleaseId', 'ISRC')!;
    const placeholders = placeholderIdentifiers({ isrc, upc });
    if (placeholders.length > 0) {
      logger.error({ distributionId: pkg.distributionId, partner: this.partner.id, isrc, upc, placeholders }, `Real delivery refused: ${placeholders.join(' and ')} ${placeholders.length > 1 ? 'are' : 'is'} still the placeholder; set the prefixes your ISRC agency and GS1 issued before delivering to a partner`);
      throw new DistributorRefusal(PLACEHOLDER_REFUSAL);
    }
    const messageId = textAt(ern, 'MessageHeader', 'MessageId')!;
    const batchId = batchIdOf(textAt(ern, 'MessageHeader', 'MessageCreatedDateTime')!, upc);
    const batchDir = `${this.partner.folders.inbox}/${batchId}`;
    const releaseDir = `${batchDir}/${upc}`;
    const ack: DeliveryAck = { distributor: this.name, deliveryId: `${batchId}:${messageId}`, notice: null };
    await withPartnerSftp(this.partner, async (sftp) => {
      if (await sftp.exists(`${batchDir}/${batchCompleteName(batchId)}`)) return;
      await sftp.mkdir(releaseDir, true);
      for (const file of validation.files) {
        const remote = `${releaseDir}/${file.uri}`;
        await sftp.mkdir(path.posix.dirname(remote), true);
        await sftp.fastPut(path.join(pkg.directory, file.uri), remote);
      }
      await sftp.put(Buffer.from(xml, 'utf8'), `${releaseDir}/${upc}.xml`);
      await putLast(sftp, batchDir, batchCompleteName(batchId), batchComplete(batchId, this.partner, [{ messageId, file: `${upc}/${upc}.xml` }]));
    });
    logger.info({ distributionId: pkg.distributionId, partner: this.partner.id, batchId }, 'release delivered to the partner');
    return ack;
  }

  async poll(deliveryId: string, stores: readonly string[]): Promise<StoreReport[]> {
    const batch = parseDeliveryId(deliveryId);
    const acks = await withPartnerSftp(this.partner, async (sftp) => {
      const folder = this.partner.folders.acknowledgements;
      const entries = (await sftp.list(folder)).filter((entry) => entry.type === '-' && entry.name.toLowerCase().endsWith('.xml')).sort((a, b) => a.name.localeCompare(b.name));
      const read: Acknowledgement[] = [];
      for (const entry of entries) {
        const bytes = (await sftp.get(`${folder}/${entry.name}`)) as Buffer;
        const ack = parseAcknowledgement(bytes.toString('utf8'), entry.name);
        if (ack && acknowledges(ack, batch)) read.push(ack);
      }
      return read;
    });
    return storeReports(acks, stores);
  }

  /** A PurgeReleaseMessage as a batch of its own, marker last; sending it again after its marker sends nothing. */
  async takedown(deliveryId: string, reason: string): Promise<void> {
    const batch = parseDeliveryId(deliveryId);
    const batchId = `${batch.batchId}_purge`;
    const batchDir = `${this.partner.folders.inbox}/${batchId}`;
    const purge = writeXml(
      el('ern:PurgeReleaseMessage', { 'xmlns:ern': ERN_NAMESPACE, LanguageAndScriptCode: 'en' }, [
        el('MessageHeader', [
          el('MessageId', `${batch.messageId}-purge`),
          el('MessageSender', [el('PartyId', 'PADPIDGOOSE'), el('PartyName', [el('FullName', 'GOOSE')])]),
          el('MessageRecipient', [el('PartyId', this.partner.dpid), el('PartyName', [el('FullName', this.partner.name)])]),
          el('MessageCreatedDateTime', new Date().toISOString()),
        ]),
        el('PurgedRelease', [el('ReleaseId', [el('ICPN', batch.upc)]), el('Reason', reason.slice(0, 500))]),
      ]),
    );
    await withPartnerSftp(this.partner, async (sftp) => {
      if (await sftp.exists(`${batchDir}/${batchCompleteName(batchId)}`)) return;
      await sftp.mkdir(`${batchDir}/${batch.upc}`, true);
      await sftp.put(Buffer.from(purge, 'utf8'), `${batchDir}/${batch.upc}/${batch.upc}_purge.xml`);
      await putLast(sftp, batchDir, batchCompleteName(batchId), batchComplete(batchId, this.partner, [{ messageId: `${batch.messageId}-purge`, file: `${batch.upc}/${batch.upc}_purge.xml` }]));
    });
  }
}

/** Written under a temporary name, then renamed: the marker appears whole or not at all. */
async function putLast(sftp: PartnerSftp, dir: string, name: string, content: string): Promise<void> {
  const temporary = `${dir}/.${name}.part`;
  await sftp.put(Buffer.from(content, 'utf8'), temporary);
  if (await sftp.exists(`${dir}/${name}`)) await sftp.delete(`${dir}/${name}`);
  await sftp.rename(temporary, `${dir}/${name}`);
}

function batchComplete(batchId: string, partner: DeliveryPartnerConfig, messages: { messageId: string; file: string }[]): string {
  return writeXml(
    el('BatchComplete', [
      el('BatchId', batchId),
      el('MessageRecipient', [el('PartyId', partner.dpid)]),
      el('NumberOfMessages', messages.length),
      ...messages.map((message) => el('MessageInBatch', [el('MessageId', message.messageId), el('URL', message.file)])),
    ]),
  );
}

export type AcknowledgedStatus = 'Delivered' | 'Live' | 'Rejected';

export interface Acknowledgement {
  fileName: string;
  messageId: string | null;
  file: string | null;
  /** FileOK, or the partner's error status for the whole message. */
  messageStatus: string;
  errorText: string | null;
  stores: { dpid: string; status: AcknowledgedStatus; reason: string | null }[];
}

const STATUSES: Record<string, AcknowledgedStatus> = { delivered: 'Delivered', live: 'Live', rejected: 'Rejected' };

/** Reads one acknowledgement file; a file that is not one (or is malformed) is logged and skipped. */
export function parseAcknowledgement(xml: string, fileName: string): Acknowledgement | null {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) {
      logger.warn({ fileName, err: error }, 'partner acknowledgement skipped: not well-formed XML');
      return null;
    }
    throw error;
  }
  if (!root.name.endsWith('FtpAcknowledgementMessage')) return null;
  const stores: Acknowledgement['stores'] = [];
  for (const status of childrenNamed(root, 'ReleaseStatus')) {
    const dpid = textAt(status, 'DistributionChannel', 'PartyId');
    const value = STATUSES[(textAt(status, 'Status') ?? '').toLowerCase()];
    if (!dpid || !value) {
      logger.warn({ fileName }, 'partner acknowledgement: a ReleaseStatus without a DistributionChannel/PartyId or a Status of Delivered, Live or Rejected was skipped');
      continue;
    }
    stores.push({ dpid, status: value, reason: textAt(status, 'Reason') || null });
  }
  return {
    fileName,
    messageId: textAt(root, 'AcknowledgedMessageId') || null,
    file: textAt(root, 'AcknowledgedFile') || null,
    messageStatus: textAt(root, 'MessageStatus') || 'FileOK',
    errorText: textAt(root, 'ErrorText') || null,
    stores,
  };
}

function acknowledges(ack: Acknowledgement, batch: Batch): boolean {
  if (ack.messageId) return ack.messageId === batch.messageId;
  return ack.file !== null && ack.file.replace(/^\/+/, '').endsWith(`${batch.batchId}/${batch.upc}/${batch.upc}.xml`);
}

const RANK: Record<DeliveryState, number> = { pending: 0, uploaded: 1, distributed: 2, failed: 2 };

/** Each store's furthest state over the acknowledgements in file-name order; a settled state (live or rejected) is not changed by a later file. */
export function storeReports(acks: readonly Acknowledgement[], stores: readonly string[]): StoreReport[] {
  const byDpid = new Map(stores.map((storeId) => [STORE_DEALS[storeId]?.dpid ?? storeId, storeId]));
  const reports = new Map<string, StoreReport>();
  const move = (storeId: string, state: DeliveryState, reason: string | null) => {
    const current = reports.get(storeId);
    if (current && RANK[current.state] >= RANK[state]) return;
    reports.set(storeId, { storeId, state, reason });
  };
  for (const ack of acks) {
    if (ack.messageStatus !== 'FileOK') {
      const reason = `The delivery partner rejected the release (${ack.messageStatus})${ack.errorText ? `: ${ack.errorText}` : ''}`;
      for (const storeId of stores) move(storeId, 'failed', reason);
      continue;
    }
    for (const store of ack.stores) {
      const storeId = byDpid.get(store.dpid) ?? (stores.includes(store.dpid) ? store.dpid : null);
      if (!storeId) continue;
      if (store.status === 'Rejected') move(storeId, 'failed', store.reason ?? 'Rejected by the store (the delivery partner gave no reason)');
      else move(storeId, store.status === 'Live' ? 'distributed' : 'uploaded', null);
    }
  }
  return [...reports.values()];
}
