// Sentence embeddings with MiniLM (all-MiniLM-L6-v2, int8 ONNX) on the CPU: the tokenizer's ids
// through onnxruntime-node, the last hidden state mean-pooled over the real tokens and scaled to
// unit length, so the dot product of two vectors is their cosine similarity.
import * as ort from 'onnxruntime-node';
import { Tokenizer } from '@huggingface/tokenizers';
import type { ModelFiles } from './model-files';

/** all-MiniLM-L6-v2 was trained on at most 256 word pieces; longer passages are cut. */
const MAX_TOKENS = 256;
const BATCH = 16;

export interface Embedder {
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

export async function openMiniLmEmbedder(files: Extract<ModelFiles, { available: true }>): Promise<Embedder> {
  const tokenizer = new Tokenizer(files.tokenizerJson as object, files.tokenizerConfig as object);
  // One thread: the machine's cores serve the API, the workflows and the projector too.
  const session = await ort.InferenceSession.create(files.modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const dimensions = 384;
  async function embedBatch(texts: readonly string[]): Promise<Float32Array[]> {
    const encoded = texts.map((text) => {
      const { ids } = tokenizer.encode(text);
      // Keep [CLS] … [SEP] when cutting.
      return ids.length <= MAX_TOKENS ? ids : [...ids.slice(0, MAX_TOKENS - 1), ids.at(-1)!];
    });
    const length = Math.max(...encoded.map((ids) => ids.length));
    const inputIds = new BigInt64Array(texts.length * length);
    const mask = new BigInt64Array(texts.length * length);
    encoded.forEach((ids, row) => {
      ids.forEach((id, column) => {
        inputIds[row * length + column] = BigInt(id);
        mask[row * length + column] = 1n;
      });
    });
    const dims = [texts.length, length];
    const output = await session.run({
      input_ids: new ort.Tensor('int64', inputIds, dims),
      attention_mask: new ort.Tensor('int64', mask, dims),
      token_type_ids: new ort.Tensor('int64', new BigInt64Array(texts.length * length), dims),
    });
    const hidden = output.last_hidden_state!.data as Float32Array;
    return encoded.map((ids, row) => {
      const vector = new Float32Array(dimensions);
      for (let token = 0; token < ids.length; token++) {
        const offset = (row * length + token) * dimensions;
        for (let d = 0; d < dimensions; d++) vector[d]! += hidden[offset + d]!;
      }
      let norm = 0;
      for (let d = 0; d < dimensions; d++) {
        vector[d]! /= ids.length;
        norm += vector[d]! * vector[d]!;
      }
      norm = Math.sqrt(norm) || 1;
      for (let d = 0; d < dimensions; d++) vector[d]! /= norm;
      return vector;
    });
  }
  return {
    dimensions,
    async embed(texts) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH) vectors.push(...(await embedBatch(texts.slice(start, start + BATCH))));
      return vectors;
    },
  };
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
