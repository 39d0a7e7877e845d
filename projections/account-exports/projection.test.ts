// The account_exports read model on PGlite and Postgres: an export's request, steps and completion
// (through its decider) move its row and are announced to its owner only on the `account` read
// model; the owner lists it, another user does not find it; a failure keeps its reason; and the
// model rebuilt from the events, each applied twice, equals the one built live.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { accountExportDecider, type AccountExportCommand } from '../../domain/account-data/account-export.decider';
import { accountExportStreamId } from '../../domain/account-data/account-export.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import { describeOnEachDatabase } from '../../tests/support/projection-databases';
import { accountExportsProjection } from './projection';
import { findAccountExport, listAccountExports } from './queries';

describeOnEachDatabase('account exports projection', (open) => {
  it('follows an export to ready and a failed one to its reason, tells the owner, and rebuilt equals live', async () => {
    const { db, store, projector, changes, close } = await open([accountExportsProjection]);
    try {
      const owner = randomUUID();
      const stranger = randomUUID();
      const run = async (exportId: string, command: AccountExportCommand) => {
        const { result } = await handleCommand(store, accountExportStreamId(exportId), accountExportDecider, command, { correlationId: 'test', actor: `user:${owner}` });
        if (result) await projector.waitFor(result.lastPosition);
      };
      const ready = randomUUID();
      const failed = randomUUID();
      await run(ready, { type: 'RequestAccountExport', data: { exportId: ready, userId: owner, requestedAt: '2026-11-29T09:00:00.000Z' } });
      await run(ready, { type: 'ReportAccountExportStep', data: { exportId: ready, step: 'streams', detail: '3 streams of yours found' } });
      expect(await findAccountExport(db, owner, ready)).toMatchObject({ storedName: null, view: { status: 'running', stepsDone: 1, lastStep: 'streams', detail: '3 streams of yours found', downloadUrl: null } });
      await run(ready, {
        type: 'CompleteAccountExport',
        data: { exportId: ready, storedName: `account-export-${ready}.zip`, sizeBytes: 4096, sha256: 'b'.repeat(64), streamCount: 3, eventCount: 40, documentCount: 2, completedAt: '2026-11-29T09:01:00.000Z' },
      });
      await run(failed, { type: 'RequestAccountExport', data: { exportId: failed, userId: owner, requestedAt: '2026-11-29T10:00:00.000Z' } });
      await run(failed, { type: 'FailAccountExport', data: { exportId: failed, reason: 'The archive could not be built: disk full', failedAt: '2026-11-29T10:00:05.000Z' } });

      const live = await listAccountExports(db, owner);
      expect(live.map((item) => [item.id, item.status])).toEqual([[failed, 'failed'], [ready, 'ready']]);
      expect(live[1]).toMatchObject({ stepsDone: 4, sizeBytes: 4096, eventCount: 40, documentCount: 2, downloadUrl: `/api/account/exports/${ready}/download` });
      expect(live[0]).toMatchObject({ failureReason: 'The archive could not be built: disk full', downloadUrl: null });
      expect((await findAccountExport(db, owner, ready))!.storedName).toBe(`account-export-${ready}.zip`);
      expect(await findAccountExport(db, stranger, ready)).toBeNull();
      expect(await findAccountExport(db, owner, 'not-a-uuid')).toBeNull();
      expect(changes.every((change) => change.readModel === 'account' && change.ownerId === owner)).toBe(true);
      expect(changes).toHaveLength(5);

      const events = [...(await store.readStream(accountExportStreamId(ready))), ...(await store.readStream(accountExportStreamId(failed)))];
      await db.query('DELETE FROM account_exports');
      await db.transaction(async (tx) => {
        for (const event of events) {
          await accountExportsProjection.apply(tx, event);
          await accountExportsProjection.apply(tx, event);
        }
      });
      expect(await listAccountExports(db, owner)).toEqual(live);
    } finally {
      await close();
    }
  });
});
