// A release package on disk (data/releases/<distributionId>/): the master audio and the cover under
// resources/, the track's signed certificate as JSON and PDF, and the ERN 4.3.1 message naming them
// with their SHA-256. Building it again overwrites the same files with the same content; checking
// it re-reads everything, as a distributor's intake would, so a package damaged on disk fails.
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseForm } from '../../domain/distribution/release.events';
import { renderCertificatePdf } from '../certificate/pdf';
import { signedCertificateSchema } from '../certificate/certificate';
import { sha256File } from '../storage/file-storage';
import { COVER_SIZE, generateCoverPng } from './cover-art';
import { checkCoverImage } from './cover-check';
import { buildErn, validateErn, type ErnInput } from './ddex-ern';

export const ERN_FILE = 'ern.xml';
export type PackageFileRole = 'ern' | 'audio' | 'artwork' | 'certificate_json' | 'certificate_pdf';

export interface PackageFile {
  name: string;
  role: PackageFileRole;
  sha256: string;
  size: number;
}

export interface PackageSource {
  distributionId: string;
  messageId: string;
  createdAt: string;
  upc: string;
  isrc: string;
  form: ReleaseForm;
  audio: { path: string; extension: string; durationSeconds: number | null };
  /** A local copy of the creator's uploaded cover (form.coverArt); null: the generated one. */
  coverPath?: string | null;
  /** The track's signed certificate as its event recorded it ({certificate, signature}). */
  certificate: { certificate: unknown; signature: unknown } | null;
  /** Automated tools that worked on the audio, named in the AI disclosure. */
  assistedBy: readonly string[];
  recipient: ErnInput['recipient'];
  territories?: ErnInput['territories'];
  live: boolean;
}

const CODECS: Record<string, string> = { wav: 'PCM', flac: 'FLAC', mp3: 'MP3', aac: 'AAC', m4a: 'AAC', ogg: 'Vorbis' };

export const releaseDirectory = (distributionId: string) => path.join('releases', distributionId);

function describe(name: string, role: PackageFileRole, bytes: Buffer): PackageFile {
  return { name, role, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}

async function writeAtomically(file: string, bytes: Buffer | string): Promise<void> {
  await writeFile(`${file}.tmp`, bytes);
  await rename(`${file}.tmp`, file);
}

export async function buildReleasePackage(dataDir: string, source: PackageSource): Promise<{ directory: string; files: PackageFile[] }> {
  const directory = releaseDirectory(source.distributionId);
  const root = path.join(dataDir, directory);
  await mkdir(path.join(root, 'resources'), { recursive: true });
  const files: PackageFile[] = [];

  const extension = source.audio.extension.toLowerCase();
  const audioName = `resources/A1.${extension}`;
  await copyFile(source.audio.path, path.join(root, audioName));
  const audioStat = await stat(path.join(root, audioName));
  files.push({ name: audioName, role: 'audio', sha256: await sha256File(path.join(root, audioName)), size: audioStat.size });

  // The creator's checked cover when they uploaded one, otherwise the generated one.
  const uploaded = source.coverPath ? source.form.coverArt : null;
  const cover = source.coverPath ? await readFile(source.coverPath) : generateCoverPng(source.distributionId);
  const coverName = uploaded?.mimeType === 'image/jpeg' ? 'resources/A2.jpg' : 'resources/A2.png';
  await writeAtomically(path.join(root, coverName), cover);
  files.push(describe(coverName, 'artwork', cover));

  if (source.certificate) {
    const json = Buffer.from(`${JSON.stringify(source.certificate, null, 2)}\n`);
    await writeAtomically(path.join(root, 'certificate.json'), json);
    files.push(describe('certificate.json', 'certificate_json', json));
    const signed = signedCertificateSchema.safeParse(source.certificate);
    if (signed.success) {
      const pdf = await renderCertificatePdf(signed.data);
      await writeAtomically(path.join(root, 'certificate.pdf'), pdf);
      files.push(describe('certificate.pdf', 'certificate_pdf', pdf));
    }
  }

  const ern = buildErn({
    messageId: source.messageId,
    createdAt: source.createdAt,
    live: source.live,
    recipient: source.recipient,
    territories: source.territories,
    upc: source.upc,
    isrc: source.isrc,
    form: source.form,
    durationSeconds: source.audio.durationSeconds,
    audio: { uri: audioName, sha256: files[0]!.sha256, codec: CODECS[extension] ?? extension.toUpperCase() },
    artwork: { uri: coverName, sha256: files[1]!.sha256, width: uploaded?.width ?? COVER_SIZE, height: uploaded?.height ?? COVER_SIZE, codec: uploaded?.mimeType === 'image/jpeg' ? 'JPEG' : 'PNG' },
    credits: source.form.credits ?? [],
    aiDisclosure: aiDisclosure(source),
  });
  const ernBytes = Buffer.from(ern, 'utf8');
  await writeAtomically(path.join(root, ERN_FILE), ernBytes);
  files.unshift(describe(ERN_FILE, 'ern', ernBytes));
  return { directory, files };
}

/** A generated work is disclosed as such from its signed certificate; otherwise the creator declared nothing. */
function aiDisclosure(source: PackageSource): ErnInput['aiDisclosure'] {
  const signed = source.certificate ? signedCertificateSchema.safeParse(source.certificate) : null;
  const generation = signed?.success ? signed.data.certificate.generation : undefined;
  return generation
    ? { generation: 'ai_generated', generator: `${generation.engine.composer}, digital source type algorithmicMedia`, assistedBy: source.assistedBy }
    : { generation: 'not_declared', assistedBy: source.assistedBy };
}

export interface PackageValidation {
  valid: boolean;
  errors: string[];
  ernSha256: string | null;
}

/** Checks the package as it is on disk: the ERN, every file it names (present, same SHA-256), the cover's size. */
export async function validateReleasePackage(dataDir: string, directory: string): Promise<PackageValidation> {
  const root = path.join(dataDir, directory);
  let ern: Buffer;
  try {
    ern = await readFile(path.join(root, ERN_FILE));
  } catch {
    return { valid: false, errors: [`The package has no ${ERN_FILE}`], ernSha256: null };
  }
  const validation = validateErn(ern.toString('utf8'));
  const errors = [...validation.errors];
  for (const file of validation.files) {
    const target = path.resolve(root, file.uri);
    if (!target.startsWith(`${path.resolve(root)}${path.sep}`)) {
      errors.push(`${file.uri} points outside the package`);
      continue;
    }
    const bytes = await readFile(target).catch(() => null);
    if (!bytes) {
      errors.push(`${file.uri} is named in the ERN but missing from the package`);
      continue;
    }
    if (createHash('sha256').update(bytes).digest('hex') !== file.sha256) errors.push(`${file.uri} does not match its SHA-256 in the ERN`);
    if (/\.(png|jpg)$/.test(file.uri)) {
      const checked = await checkCoverImage(bytes);
      if (!checked.ok) errors.push(`${file.uri}: ${checked.reason}`);
    }
  }
  return { valid: errors.length === 0, errors, ernSha256: createHash('sha256').update(ern).digest('hex') };
}
