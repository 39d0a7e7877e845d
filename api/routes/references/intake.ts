// How a delivery is taken in, whichever way it came: the CSV is validated against the files, every
// file is in the file store (an upload) or named on the partner's SFTP (fetched by the workflow),
// the delivery is recorded on its stream with one reference id per recording, and the
// reference-delivery workflow is started. A refused CSV records nothing.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ReferenceDelivery } from '../../../domain/contracts/references';
import { referenceDeliveryDecider } from '../../../domain/references/reference-delivery.decider';
import { referenceDeliveryStreamId, type DeliveredRecording, type ReferenceDeliveryWay } from '../../../domain/references/reference-delivery.events';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { logger } from '../../../infra/logger/logger';
import type { DeliveryCsvRow } from '../../../infra/references/delivery-csv';
import { findReferenceDelivery } from '../../../projections/references/queries';
import type { Services } from '../../plugins/services';

/** Said when the API has no workflow service to index deliveries with. */
export const DELIVERIES_NEED_WORKFLOWS = 'Reference deliveries are indexed by the workflow service, which is not running on this server';

/** A recording's name in the file store: its reference id, with the delivered file's extension when it has a plain one. */
export function storedNameOf(referenceId: string, file: string): string {
  const ext = path.extname(file).toLowerCase();
  return `reference-${referenceId}${/^\.[a-z0-9]{1,5}$/.test(ext) ? ext : ''}`;
}

/** Recordings with their ids and stored names, in the CSV's order. */
export function recordingsOf(rows: DeliveryCsvRow[]): DeliveredRecording[] {
  return rows.map((row) => {
    const referenceId = randomUUID();
    return { referenceId, storedName: storedNameOf(referenceId, row.file), ...row };
  });
}

export interface DeliveryIntake {
  deliveryId: string;
  holder: { userId: string; username: string };
  via: ReferenceDeliveryWay;
  folder: string | null;
  recordings: DeliveredRecording[];
  correlationId: string;
}

/** Records the delivery, starts its workflow and answers it as the read model shows it; `onRecorded` runs once the delivery is on its stream (its files are then its own). */
export async function recordDelivery(services: Services, intake: DeliveryIntake, onRecorded: () => void = () => undefined): Promise<ReferenceDelivery> {
  const { db, eventStore, projector, referenceDeliveries } = services;
  if (!referenceDeliveries) throw new Error(DELIVERIES_NEED_WORKFLOWS);
  const actor = `user:${intake.holder.userId}`;
  const { result } = await handleCommand(
    eventStore,
    referenceDeliveryStreamId(intake.deliveryId),
    referenceDeliveryDecider,
    {
      type: 'ReceiveReferenceDelivery',
      data: {
        deliveryId: intake.deliveryId,
        holderId: intake.holder.userId,
        holderName: intake.holder.username,
        via: intake.via,
        folder: intake.folder,
        recordings: intake.recordings,
        receivedAt: new Date().toISOString(),
      },
    },
    { correlationId: intake.correlationId, actor },
  );
  onRecorded();
  if (result) await projector.waitFor(result.lastPosition);
  try {
    await referenceDeliveries.start({ deliveryId: intake.deliveryId, correlationId: intake.correlationId, actor });
  } catch (error) {
    // Recorded, so nothing delivered is lost: the leading projector's recovery starts it within a minute.
    logger.warn({ err: error, deliveryId: intake.deliveryId }, 'reference delivery recorded but its workflow could not start; the recovery starts it');
  }
  const found = await findReferenceDelivery(db, intake.holder.userId, intake.deliveryId);
  if (!found) throw new Error(`Delivery ${intake.deliveryId} was recorded but is not in the read model`);
  return found.delivery;
}
