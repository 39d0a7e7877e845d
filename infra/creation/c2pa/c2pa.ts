// C2PA manifests in a generated song's WAV and MP3: a c2pa.created action with the IPTC digital
// source type algorithmicMedia, and the provenance record's essentials as a custom assertion.
// c2pa-python does the work (its Node bindings do not install here), run as c2pa_tool.py with
// execFile, arguments passed as a list, never through a shell. The manifest is signed with this
// server's own certificate: a local CA made at first use issues an ES256 leaf, and both are kept
// under the data folder's keys/ beside the certificate signing key. No public trust list knows
// that CA, so a reader reports the signature valid but its signer untrusted.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALGORITHMIC_MEDIA_URI, type C2paRecord, type Provenance } from '../../../domain/contracts/creation';
import { publishKeyFileOnce, readKeyFileIfExists } from '../../keys/key-file';
import { logger } from '../../logger/logger';
import { sha256File } from '../../storage/file-storage';

const log = logger.child({ module: 'c2pa' });

const SCRIPT = fileURLToPath(new URL('./c2pa_tool.py', import.meta.url));
/** Where the signer's key, leaf certificate and CA certificate are kept, under the data folder. */
export const C2PA_SIGNER_FILE = path.join('keys', 'c2pa-signer.pem');
/** The custom assertion that carries the provenance record's essentials. */
export const PROVENANCE_ASSERTION = 'org.goose.provenance';
/** The signer in plain words, for the provenance record and the studio. */
export const C2PA_SIGNED_BY = "This server's own certificate (a local certificate authority made by this server), not one on a public trust list: a C2PA reader shows the signature as valid and its signer as untrusted.";
/** What the studio reads when no manifest could be embedded. */
export const C2PA_MISSING_NOTE = "This song's files carry no embedded C2PA manifest: the C2PA signing tool is not installed on this server.";

/** The exit code c2pa_tool.py uses when c2pa-python is not installed. */
const MISSING = 3;

export type AudioFormat = 'audio/wav' | 'audio/mpeg';

interface ToolResult {
  code: number;
  body: Record<string, unknown>;
}

export interface C2paToolOptions {
  /** The Python that has c2pa-python; python3 on the PATH by default. */
  python?: string;
}

function runTool(args: readonly string[], { python = 'python3' }: C2paToolOptions = {}): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(python, [SCRIPT, ...args], { timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      const spawnFailed = error && typeof error.code === 'string';
      if (spawnFailed) return resolve({ code: MISSING, body: { error: `${python} could not be run (${error.code})` } });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(stdout) as Record<string, unknown>;
      } catch {
        return reject(new Error(`The C2PA tool answered no JSON${error ? `: ${error.message}` : ''}`));
      }
      resolve({ code: error ? Number(error.code ?? 1) : 0, body });
    });
  });
}

function toolError(result: ToolResult): Error {
  return new Error(`C2PA signing failed: ${String(result.body.error ?? 'unknown error')}`);
}

/** A file to sign in place. */
export interface SignTarget {
  path: string;
  /** Its stored name, as the provenance record lists outputs (the manifest's title is the file's own name). */
  storedName: string;
  format: AudioFormat;
}

export interface C2paSigner {
  /** e.g. "c2pa-python (c2pa-rs 0.91.3)". */
  library: string;
  /** Embeds the manifest in each file in place; answers the record of what was signed. */
  sign(targets: readonly SignTarget[], manifest: C2paManifest): Promise<C2paRecord>;
}

/** A signer, or why there is none (c2pa-python missing), in plain words. */
export type C2paAvailability = { signer: C2paSigner; note: null } | { signer: null; note: string };

/** The signer for a data folder: its key and chain made at first use and kept under keys/. */
export async function openC2paSigner(dataDir: string, options: C2paToolOptions = {}): Promise<C2paAvailability> {
  const check = await runTool(['check'], options);
  if (check.code === MISSING) {
    log.warn({ reason: check.body.error }, 'c2pa-python is not available: generated songs are stored without a C2PA manifest');
    return { signer: null, note: C2PA_MISSING_NOTE };
  }
  if (check.code !== 0) throw toolError(check);
  const library = `c2pa-python (c2pa-rs ${String(check.body.c2pa)})`;
  const signerFile = path.join(dataDir, C2PA_SIGNER_FILE);
  if ((await readKeyFileIfExists(signerFile)) === null) {
    const made = await runTool(['make-signer'], options);
    if (made.code !== 0 || typeof made.body.pem !== 'string') throw toolError(made);
    await publishKeyFileOnce(signerFile, made.body.pem);
    log.info({ signerFile }, 'C2PA signing certificate made (a local CA and its ES256 leaf)');
  }
  return {
    note: null,
    signer: {
      library,
      async sign(targets, manifest) {
        const files: C2paRecord['files'] = [];
        for (const target of targets) files.push({ path: target.storedName, unsignedSha256: await sha256File(target.path) });
        const manifestFile = path.join(path.dirname(targets[0]!.path), `c2pa-manifest-${randomUUID()}.json`);
        const signed = targets.map((target) => `${target.path}.c2pa.tmp`);
        await writeFile(manifestFile, JSON.stringify(manifest));
        try {
          const result = await runTool(['sign', manifestFile, signerFile, ...targets.flatMap((target, index) => [target.path, signed[index]!, target.format])], options);
          if (result.code !== 0) throw toolError(result);
          for (const [index, target] of targets.entries()) await rename(signed[index]!, target.path);
        } finally {
          await rm(manifestFile, { force: true });
          for (const file of signed) await rm(file, { force: true });
        }
        return { files, digitalSourceType: ALGORITHMIC_MEDIA_URI, action: 'c2pa.created', assertion: PROVENANCE_ASSERTION, library, signedBy: C2PA_SIGNED_BY };
      },
    },
  };
}

/** A file's manifest store as c2pa-python's Reader gives it, and its validation state ("Valid", "Trusted", "Invalid"). */
export interface C2paReading {
  store: { active_manifest: string; manifests: Record<string, { assertions: { label: string; data: unknown }[]; signature_info?: Record<string, unknown> }> };
  validationState: string;
}

export async function readC2paManifest(file: string, format: AudioFormat, options: C2paToolOptions = {}): Promise<C2paReading> {
  const result = await runTool(['read', file, format], options);
  if (result.code !== 0) throw new Error(`The file's C2PA manifest could not be read: ${String(result.body.error ?? 'unknown error')}`);
  return result.body as unknown as C2paReading;
}

/** A manifest definition as c2pa-python's Builder takes it (the tool sets title and format per file). */
export interface C2paManifest {
  claim_generator_info: { name: string; version: string }[];
  assertions: { label: string; data: unknown }[];
}

/** The manifest of a generated song: created by an algorithm, with the provenance record's essentials. */
export function songManifest(provenance: Omit<Provenance, 'outputs' | 'c2pa' | 'c2paNote' | 'createdAt'>): C2paManifest {
  const request = provenance.request;
  return {
    claim_generator_info: [{ name: 'GOOSE song generation', version: provenance.engine.composer }],
    assertions: [
      {
        label: 'c2pa.actions.v2',
        data: {
          actions: [
            {
              action: 'c2pa.created',
              digitalSourceType: ALGORITHMIC_MEDIA_URI,
              softwareAgent: { name: 'GOOSE algorithmic composer', version: provenance.engine.composer },
              description: 'Composed by an algorithm from the request below and rendered through a General MIDI synthesizer; no trained model and no recording.',
            },
          ],
        },
      },
      {
        label: PROVENANCE_ASSERTION,
        data: {
          generationId: provenance.generationId,
          digitalSourceType: provenance.digitalSourceType,
          requestHash: provenance.requestHash,
          seed: provenance.seed,
          source: provenance.source,
          request: { prompt: request.prompt, genre: request.genre, mood: request.mood, styles: request.selectedStyles, tempo: request.tempo, key: request.key, duration: request.duration, includeVocals: request.includeVocals },
          engine: provenance.engine,
          soundFont: { name: provenance.soundFont.name, source: provenance.soundFont.source, sha256: provenance.soundFont.sha256, licence: provenance.soundFont.licence },
          render: { sampleRate: provenance.render.sampleRate, bitDepth: provenance.render.bitDepth, synthesizer: provenance.render.synthesizer, integratedLufs: provenance.render.integratedLufs, truePeakDbtp: provenance.render.truePeakDbtp },
          composition: { tempo: provenance.composition.tempo, key: provenance.composition.key, mode: provenance.composition.mode, durationSeconds: provenance.composition.durationSeconds },
          vocals: { kind: provenance.vocals.kind, engine: provenance.vocals.engine },
        },
      },
    ],
  };
}
