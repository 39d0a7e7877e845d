// The references read models on PGlite and Postgres: a delivery received, its recordings indexed
// (with a matched work) or failed and the delivery completed move its rows and are announced to the
// holder only on the `references` read model; the holder lists and searches their indexed references,
// another user finds nothing; a removed reference leaves the list; and the models rebuilt from the
// events, each applied twice, equal the ones built live.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { referenceDeliveryDecider, type ReferenceDeliveryCommand } from '../../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId } from '../../domain/references/reference-delivery.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { describeOnEachDatabase } from '../../tests/support/projection-databases';
import { referencesProjection } from './projection';
import { findReference, findReferenceDelivery, listReferenceDeliveries, listReferences } from './queries';

describeOnEachDatabase('references projection', (open) => {
  it('follows a delivery to its counts, lists and searches the holder\'s references only, and rebuilt equals live', async () => {
    const { db, store, projector, changes, close } = await open([referencesProjection]);
    try {
      const holder = randomUUID();
      const stranger = randomUUID();
      const deliveryId = randomUUID();
      const [night, day] = [randomUUID(), randomUUID()];
      const at = '2026-11-29T21:00:00.000Z';
      const run = async (command: ReferenceDeliveryCommand) => {
        const { result } = await handleCommand(store, referenceDeliveryStreamId(deliveryId), referenceDeliveryDecider, command, { correlationId: 'test', actor: `user:${holder}` });
        if (result) await projector.waitFor(result.lastPosition);
      };
      const recording = (referenceId: string, title: string, isrc: string) => ({ referenceId, file: `${title}.wav`, storedName: `reference-${referenceId}.wav`, title, artist: 'Ana', isrc, owner: 'Label One', territories: ['GB', 'IE'] });
      await run({
        type: 'ReceiveReferenceDelivery',
        data: { deliveryId, holderId: holder, holderName: 'label_one', via: 'sftp', folder: 'drop/2026-11', recordings: [recording(night, 'Night Drive', 'GBAYE2600001'), recording(day, 'Day Walk', 'GBAYE2600002')], receivedAt: at },
      });
      expect(await findReferenceDelivery(db, holder, deliveryId)).toMatchObject({ delivery: { status: 'running', total: 2, indexed: 0, failed: 0, folder: 'drop/2026-11' }, recordings: [{ status: 'pending' }, { status: 'pending' }] });
      const match = { workId: 'work-1', title: 'Registered', similarity: 97.5, disputeId: `reference-${night}-work-1` };
      await run({ type: 'RecordReferenceIndexed', data: { referenceId: night, durationSeconds: 8.5, workMatches: [match], caseNote: null, at } });
      await run({ type: 'RecordReferenceFailed', data: { referenceId: day, reason: 'The file "Day Walk.wav" could not be read as audio', at } });
      await run({ type: 'CompleteReferenceDelivery', data: { at } });

      const detail = await findReferenceDelivery(db, holder, deliveryId);
      expect(detail?.delivery).toMatchObject({ status: 'completed', indexed: 1, failed: 1, completedAt: at });
      expect(detail?.recordings).toEqual([
        { referenceId: night, file: 'Night Drive.wav', title: 'Night Drive', artist: 'Ana', isrc: 'GBAYE2600001', status: 'indexed', reason: null, durationSeconds: 8.5, workMatches: [match], caseNote: null },
        { referenceId: day, file: 'Day Walk.wav', title: 'Day Walk', artist: 'Ana', isrc: 'GBAYE2600002', status: 'failed', reason: 'The file "Day Walk.wav" could not be read as audio', durationSeconds: null, workMatches: [], caseNote: null },
      ]);
      const listed = await listReferences(db, holder, { page: 1 });
      expect(listed).toMatchObject({ total: 1, references: [{ id: night, title: 'Night Drive', territories: ['GB', 'IE'], owner: 'Label One', workMatches: [match] }] });
      expect((await listReferences(db, holder, { q: 'night', page: 1 })).total).toBe(1);
      expect((await listReferences(db, holder, { q: 'GB-AYE-26-00001', page: 1 })).total).toBe(1);
      expect((await listReferences(db, holder, { q: '100%', page: 1 })).total).toBe(0);
      expect(await listReferences(db, stranger, { page: 1 })).toMatchObject({ total: 0, references: [] });
      expect(await listReferenceDeliveries(db, stranger)).toEqual([]);
      expect(await findReferenceDelivery(db, stranger, deliveryId)).toBeNull();
      expect(await findReference(db, stranger, night)).toBeNull();
      expect(changes.every((change) => change.readModel === 'references' && change.ownerId === holder)).toBe(true);
      expect(changes).toHaveLength(4);

      await run({ type: 'RemoveReference', data: { referenceId: night, by: holder, at } });
      expect((await listReferences(db, holder, { page: 1 })).total).toBe(0);
      expect(await findReference(db, holder, night)).toMatchObject({ status: 'removed', deliveryId });

      const liveDeliveries = await listReferenceDeliveries(db, holder);
      const liveDetail = await findReferenceDelivery(db, holder, deliveryId);
      const events = await store.readStream(referenceDeliveryStreamId(deliveryId));
      await db.query('DELETE FROM reference_recordings');
      await db.query('DELETE FROM reference_deliveries');
      await db.transaction(async (tx) => {
        for (const event of events) {
          await referencesProjection.apply(tx, event);
          await referencesProjection.apply(tx, event);
        }
      });
      expect(await listReferenceDeliveries(db, holder)).toEqual(liveDeliveries);
      expect(await findReferenceDelivery(db, holder, deliveryId)).toEqual(liveDetail);
    } finally {
      await close();
    }
  });
});
