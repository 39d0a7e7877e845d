// The data export's archive: the user's events as JSON lines, one file per stream, and the
// documents those events hold (track certificates and license certificates as signed JSON and
// PDF, royalty contract terms as signed JSON), with a README.txt saying what is where. Secrets the
// events carry (password hashes, sealed wallet keys, API key hashes) are replaced by a note: the
// archive is meant to be kept and moved around, and those are of no use to its reader.
import { zipSync, strToU8 } from 'fflate';
import { certificateFileName, signedCertificateSchema } from '../certificate/certificate';
import { renderCertificatePdf } from '../certificate/pdf';
import { formatPosition, type RecordedEvent } from '../eventstore/event-store';
import { renderLicenseCertificatePdf } from '../licensing/license-certificate-pdf';
import { signedLicenseCertificateSchema } from '../licensing/license-certificate';

export interface ArchiveStream {
  folder: string;
  streamId: string;
  events: readonly RecordedEvent[];
}

export interface ArchiveDocument {
  path: string;
  content: Uint8Array;
}

const SECRET_FIELD = /^(passwordHash|keySha256|encrypted)/;
export const REDACTED = '[not exported: a secret the platform keeps]';

/** The event as a line of the archive, its secrets replaced. */
export function eventLine(event: RecordedEvent): string {
  return JSON.stringify({
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    position: formatPosition(event.position),
    type: event.type,
    schemaVersion: event.schemaVersion,
    recordedAt: event.recordedAt.toISOString(),
    data: redact(event.data),
    metadata: event.metadata,
  });
}

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? REDACTED : redact(inner)]));
  }
  return value;
}

/** The documents the streams' events hold, rendered the way the app serves them. */
export async function documentsOf(streams: readonly ArchiveStream[]): Promise<ArchiveDocument[]> {
  const documents: ArchiveDocument[] = [];
  const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
  for (const stream of streams) {
    for (const event of stream.events) {
      const data = event.data as Record<string, unknown>;
      if (event.type === 'TrackCertificateIssued') {
        const signed = signedCertificateSchema.safeParse({ certificate: data.certificate, signature: data.signature });
        if (signed.success) {
          const name = certificateFileName(signed.data.certificate.title, signed.data.certificate.certificateId);
          documents.push({ path: `documents/certificates/${name}`, content: await renderCertificatePdf(signed.data) });
          documents.push({ path: `documents/certificates/${name.replace(/\.pdf$/, '.json')}`, content: json(signed.data) });
        } else {
          // A certificate of an earlier shape than the renderer reads: kept as recorded.
          documents.push({ path: `documents/certificates/${safeName(String(data.certificateId))}.json`, content: json({ certificate: data.certificate, signature: data.signature }) });
        }
      } else if (event.type === 'LicenseIssued') {
        const signed = signedLicenseCertificateSchema.safeParse({ certificate: data.certificate, signature: data.signature });
        const id = safeName(String(data.certificateId));
        if (signed.success) documents.push({ path: `documents/licenses/${id}.pdf`, content: await renderLicenseCertificatePdf(signed.data) });
        documents.push({ path: `documents/licenses/${id}.json`, content: json({ certificate: data.certificate, signature: data.signature }) });
      } else if (event.type === 'RoyaltyContractCreated') {
        documents.push({
          path: `documents/contracts/royalty-contract-${safeName(String(data.contractId))}.json`,
          content: json({ terms: data.terms, canonical: data.canonical, sha256: data.termsSha256, signature: data.signature }),
        });
      }
    }
  }
  return documents;
}

/** A file name from an id: letters, digits, dots, dashes and underscores only. */
function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 120) || 'document';
}

/** The README.txt at the archive's root. */
export function readmeText(input: { username: string; exportedAt: string; streams: readonly ArchiveStream[]; documents: readonly ArchiveDocument[] }): string {
  const eventCount = input.streams.reduce((sum, stream) => sum + stream.events.length, 0);
  const folders = [...new Set(input.streams.map((stream) => stream.folder))].sort();
  return [
    `GOOSE data export of ${input.username}, made ${input.exportedAt}`,
    '',
    `events/  ${eventCount} events from ${input.streams.length} streams, one .jsonl file per stream`,
    '         (one JSON object per line: streamId, streamVersion, position, type, schemaVersion,',
    '          recordedAt, data, metadata), in the order they were recorded. Folders:',
    ...folders.map((folder) => `           ${folder}/`),
    '         account/ holds your account, token account, wallets and payment customer; the others',
    '         hold the tracks, works, contracts, releases, statements, offers, licenses, disputes',
    '         and API keys the platform lists as yours (licenses you bought or sold, cases you filed',
    '         or that concern your work).',
    `documents/  ${input.documents.length} files:`,
    '         certificates/  each registered track\'s certificate, as signed JSON and as its PDF',
    '         licenses/      each license certificate you bought or sold, as signed JSON and PDF',
    '         contracts/     each royalty contract\'s signed terms (canonical JSON, SHA-256, signature)',
    '         Royalty statements you imported are under events/statements/.',
    '',
    `Secrets are not exported: password hashes, sealed wallet keys and API key hashes read "${REDACTED}".`,
    'Signatures can be checked against the public key at /api/certificate-key.',
    '',
  ].join('\n');
}

/** The zip file's bytes. */
export function zipArchive(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(files, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}

/** The archive's files: README.txt, the events and the documents. */
export function archiveFiles(readme: string, streams: readonly ArchiveStream[], documents: readonly ArchiveDocument[]): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = { 'README.txt': strToU8(readme) };
  for (const stream of streams) {
    if (stream.events.length === 0) continue;
    files[`events/${stream.folder}/${safeName(stream.streamId)}.jsonl`] = strToU8(stream.events.map((event) => `${eventLine(event)}\n`).join(''));
  }
  for (const document of documents) files[document.path] = document.content;
  return files;
}
