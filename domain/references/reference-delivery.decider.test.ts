// Given / when / then specifications of one delivery of reference recordings: progress counts n of
// m, a retried recording or completion decides nothing, completion waits for every recording, and
// only the holder removes an indexed reference.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError, NotFoundError } from '../shared/errors';
import { referenceDeliveryDecider, type ReferenceDeliveryCommand } from './reference-delivery.decider';
import { ReferenceDeliveryCompleted, ReferenceDeliveryReceived, ReferenceRecordingFailed, ReferenceRecordingIndexed, ReferenceRemoved } from './reference-delivery.events';

const deliveryId = '0f3c7a52-3f7e-4a55-9d6e-2b8f0d7c1a22';
const holderId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const strangerId = '9a1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a99';
const first = '1b1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a01';
const second = '2b1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a02';
const at = '2026-11-29T21:00:00.000Z';
const spec = deciderSpec(referenceDeliveryDecider);

const recording = (referenceId: string, file: string, isrc: string) => ({ referenceId, file, storedName: `reference-${referenceId}.wav`, title: file, artist: 'Artist', isrc, owner: 'Label', territories: ['worldwide'] });
const received = ReferenceDeliveryReceived.create({ deliveryId, holderId, holderName: 'label_one', via: 'upload', folder: null, recordings: [recording(first, 'a.wav', 'GBAYE2600001'), recording(second, 'b.wav', 'GBAYE2600002')], receivedAt: at });
const indexed = (referenceId: string): ReferenceDeliveryCommand => ({ type: 'RecordReferenceIndexed', data: { referenceId, durationSeconds: 8, workMatches: [], caseNote: null, at } });
const firstIndexed = ReferenceRecordingIndexed.create({ deliveryId, referenceId: first, durationSeconds: 8, workMatches: [], caseNote: null, done: 1, total: 2, indexedAt: at });
const secondFailed = ReferenceRecordingFailed.create({ deliveryId, referenceId: second, reason: 'The recording is too short', done: 2, total: 2, failedAt: at });

describe('reference delivery decider', () => {
  it('given a delivery, when its recordings settle, then each reports n of m and a retry decides nothing', () => {
    expect(spec.when([received], indexed(first))).toEqual([firstIndexed]);
    expect(spec.when([received, firstIndexed], indexed(first))).toEqual([]);
    expect(spec.when([received, firstIndexed], { type: 'RecordReferenceFailed', data: { referenceId: second, reason: 'The recording is too short', at } })).toEqual([secondFailed]);
    expect(spec.when([received, firstIndexed, secondFailed], { type: 'RecordReferenceFailed', data: { referenceId: second, reason: 'again', at } })).toEqual([]);
  });

  it('given a delivery received, when it is received again (a retried request), then nothing is decided', () => {
    expect(spec.when([received], { type: 'ReceiveReferenceDelivery', data: received.data })).toEqual([]);
  });

  it('given every recording settled, when completed, then it finishes with its counts, once', () => {
    const completed = ReferenceDeliveryCompleted.create({ deliveryId, indexed: 1, failed: 1, completedAt: at });
    expect(spec.when([received, firstIndexed, secondFailed], { type: 'CompleteReferenceDelivery', data: { at } })).toEqual([completed]);
    expect(spec.when([received, firstIndexed, secondFailed, completed], { type: 'CompleteReferenceDelivery', data: { at } })).toEqual([]);
  });

  it('given a recording still pending, when completed, then it is refused', () => {
    expect(() => spec.when([received, firstIndexed], { type: 'CompleteReferenceDelivery', data: { at } })).toThrow(IllegalStateError);
  });

  it('given an indexed reference, when its holder removes it, then it is removed once; another user is told it does not exist', () => {
    const removed = ReferenceRemoved.create({ deliveryId, referenceId: first, removedBy: holderId, removedAt: at });
    expect(spec.when([received, firstIndexed], { type: 'RemoveReference', data: { referenceId: first, by: holderId, at } })).toEqual([removed]);
    expect(spec.when([received, firstIndexed, removed], { type: 'RemoveReference', data: { referenceId: first, by: holderId, at } })).toEqual([]);
    expect(() => spec.when([received, firstIndexed], { type: 'RemoveReference', data: { referenceId: first, by: strangerId, at } })).toThrow(NotFoundError);
  });

  it('given a recording pending or failed, when removed, then it is refused as not removable now', () => {
    expect(() => spec.when([received], { type: 'RemoveReference', data: { referenceId: first, by: holderId, at } })).toThrow(IllegalStateError);
    expect(() => spec.when([received, firstIndexed, secondFailed], { type: 'RemoveReference', data: { referenceId: second, by: holderId, at } })).toThrow(IllegalStateError);
  });

  it('given no delivery, when a recording is recorded, then it is refused as not found', () => {
    expect(() => spec.when([], indexed(first))).toThrow(NotFoundError);
  });
});
