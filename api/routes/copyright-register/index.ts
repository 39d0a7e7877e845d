// A cleared track's registration on the XRP Ledger (the workflow signs it and issues the
// certificate), and where a registration stands in the registry and on the ledger.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_AND_WAITING } from '../../../domain/contracts/lifecycle';
import { explorerLinks } from '../../../infra/xrpl/ledger';
import type { VaultItem } from '../../../domain/contracts/vault';
import { findTrackByTxHash, toVaultItem } from '../../../projections/vault/queries';
import { lifecycleInput } from '../../../workflows/track-lifecycle/client';
import { noBody } from '../../openapi';
import { idParams } from '../shared-schemas';
import { requireUserId } from '../../plugins/auth';
import { registrationResponseSchema, syncStatusSchema, txHashParams } from './schemas';
import { commandContext, outcomeError, ownedTrack, refuseUnlessAllowed, viewWhen } from '../track-commands';
import { NotFoundError } from '../../../domain/shared/errors';

export const copyrightRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, lifecycle, ledger, projector, publicOrigin } = app.services;
  app.post('/api/copyright-register/:id', { schema: { summary: 'Register a cleared track on the XRP Ledger and issue its signed certificate', tags: ['copyright'], params: idParams, body: noBody, response: { 200: registrationResponseSchema } } }, async (request) => {
    const { ownerId, row } = await ownedTrack(db, request, request.params.id);
    refuseUnlessAllowed(row, 'register');
    const context = commandContext(request, ownerId);
    const outcome = await lifecycle.register(lifecycleInput(row, context), { ...context, publicUrl: publicOrigin() });
    if (!outcome.ok) throw outcomeError(outcome, outcome.resultCode ? 502 : 422);
    const item = await viewWhen({ db, projector }, ownerId, row.id, (i) => i.certificateId === outcome.value.certificateId);
    return {
      success: true,
      contentId: row.id,
      xrplTxHash: outcome.value.txHash,
      ledgerStatus: outcome.value.outcome,
      note: item.registration?.note ?? null,
      certificateId: outcome.value.certificateId,
      explorer: item.registration?.explorer ?? explorerLinks(ledger.network, outcome.value.txHash),
    };
  });

  app.get('/api/database-sync-status/:txHash', { schema: { summary: 'Where a registration stands in the registry and on the ledger', tags: ['copyright'], params: txHashParams, response: { 200: syncStatusSchema } } }, async (request) => {
    const row = await findTrackByTxHash(db, requireUserId(request), request.params.txHash);
    if (!row) throw new NotFoundError(`No registration of yours has transaction ${request.params.txHash}`);
    const item = toVaultItem(row);
    const registration = item.registration!;
    const syncResults = registrationRecords(item, registration);
    return {
      txHash: item.xrplTxHash!,
      syncResults,
      syncStats: { successRate: Math.round((syncResults.filter((r) => r.success).length / syncResults.length) * 100), lastUpdate: new Date(row.updated_at).toISOString() },
    };
  });
};


type SyncResult = z.infer<typeof syncStatusSchema>['syncResults'][number];
type Registration = NonNullable<VaultItem['registration']>;

/**
 * Where a registration is recorded: GOOSE's own registry (the signed certificate) and the XRP
 * Ledger. The ledger row is recorded only once validated; a transaction that is signed and kept,
 * or sent and not yet validated, waits, said in plain words whatever note was stored with it.
 */
export function registrationRecords(item: Pick<VaultItem, 'certificateId' | 'xrplTxHash'>, registration: Registration): SyncResult[] {
  const onLedger = ledgerRecord(registration);
  return [
    {
      database: 'GOOSE copyright registry',
      success: Boolean(item.certificateId),
      state: item.certificateId ? 'recorded' : 'waiting',
      transactionId: item.certificateId,
      detail: item.certificateId ? 'Certificate issued and signed; the cleared work is in the registry the copyright oracle searches' : 'No certificate yet',
    },
    { database: `XRP Ledger (${registration.network})`, success: onLedger.state === 'recorded', transactionId: item.xrplTxHash, ...onLedger },
  ];
}

function ledgerRecord(registration: Registration): Pick<SyncResult, 'state' | 'detail'> {
  switch (registration.ledgerStatus) {
    case 'validated':
      return { state: 'recorded', detail: `Validated on the ${registration.network} ledger${registration.resultCode ? ` (${registration.resultCode})` : ''}` };
    case 'submitted':
      return { state: 'waiting', detail: `Sent to the ${registration.network} ledger, awaiting validation` };
    case 'failed':
      return { state: 'failed', detail: registration.note ?? 'The ledger did not accept the registration' };
    case 'awaiting_submission':
    case 'signed':
      return { state: 'waiting', detail: SIGNED_AND_WAITING };
    default: {
      const unknown: never = registration.ledgerStatus;
      return unknown;
    }
  }
}
