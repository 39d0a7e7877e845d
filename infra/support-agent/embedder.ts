// Sentence embeddings with MiniLM (all-MiniLM-L6-v2, int8 ONNX) on the CPU: the tokenizer's ids
// through onnxruntime-node, the last hidden state mean-pooled over the real tokens and scaled to
// unit length, so the dot product of two vectors is their cosine similarity.
import * as ort from 'onnxruntime-node';
import { Tokenizer } from '@huggingface/tokenizers';
import type { ModelFiles } from './model-files';

/** all-MiniLM-L6-v2 was trained on at most 256 word pieces; longer passages are cut. */
const MAX_TOKENS = 256;
const BATCH = 16;

/** A text's sentence vector and each of its word pieces' own vectors (without [CLS] and [SEP]), all of unit length. */
export interface TokenEmbedding {
  sentence: Float32Array;
  pieces: Array<{ piece: string; vector: Float32Array }>;
}

export interface Embedder {
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  embedPieces(texts: readonly string[]): Promise<TokenEmbedding[]>;
}

export async function openMiniLmEmbedder(files: Extract<ModelFiles, { available: true }>): Promise<Embedder> {
  const tokenizer = new Tokenizer(files.tokenizerJson as object, files.tokenizerConfig as object);
  // One thread: the machine's cores serve the API, the workflows and the projector too.
  const session = await ort.InferenceSession.create(files.modelPath, { intraOpNumThreads: 1, interOpNumThreads: 1, graphOptimizationLevel: 'all' });
  const dimensions = 384;
  async function embedBatch(texts: readonly string[]): Promise<TokenEmbedding[]> {
    const encoded = texts.map((text) => {
      const { ids, tokens } = tokenizer.encode(text);
      // Keep [CLS] … [SEP] when cutting.
      return ids.length <= MAX_TOKENS
        ? { ids, tokens }
        : { ids: [...ids.slice(0, MAX_TOKENS - 1), ids.at(-1)!], tokens: [...tokens.slice(0, MAX_TOKENS - 1), tokens.at(-1)!] };
    });
    const length = Math.max(...encoded.map(({ ids }) => ids.length));
    const inputIds = new BigInt64Array(texts.length * length);
    const mask = new BigInt64Array(texts.length * length);
    encoded.forEach(({ ids }, row) => {
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
    return encoded.map(({ ids, tokens }, row) => {
      const sentence = new Float32Array(dimensions);
      const pieces: TokenEmbedding['pieces'] = [];
      for (let token = 0; token < ids.length; token++) {
        const offset = (row * length + token) * dimensions;
        const vector = hidden.slice(offset, offset + dimensions);
        for (let d = 0; d < dimensions; d++) sentence[d]! += vector[d]!;
        if (token > 0 && token < ids.length - 1) pieces.push({ piece: tokens[token]!, vector: unit(vector) });
      }
      // Mean-pooled over the real tokens: the scale does not matter once it is made unit length.
      return { sentence: unit(sentence), pieces };
    });
  }
  async function embedPieces(texts: readonly string[]): Promise<TokenEmbedding[]> {
    const embedded: TokenEmbedding[] = [];
    for (let start = 0; start < texts.length; start += BATCH) embedded.push(...(await embedBatch(texts.slice(start, start + BATCH))));
    return embedded;
  }
  return {
    dimensions,
    embedPieces,
    async embed(texts) {
      return (await embedPieces(texts)).map((embedded) => embedded.sentence);
    },
  };
}

function unit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (let d = 0; d < vector.length; d++) vector[d]! /= norm;
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
