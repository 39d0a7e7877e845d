// The wallets read model: each user's Polygon and XRP Ledger addresses (user_wallets). The sealed
// keys stay in the event store only; nothing read here can sign. A change is announced as the
// 'tokens' read model, whose listeners refetch the balance (its `wallet`) and the user (its
// `xrplWallet`).
import type { z } from 'zod';
import { UserWalletsGenerated, WALLET_EVENT_TYPES } from '../../domain/wallets/wallet.events';
import type { Queryable } from '../../infra/db/db';
import type { RecordedEvent } from '../../infra/eventstore/event-store';
import type { Projection, ReadModelChange } from '../projection';

export const walletsProjection: Projection = {
  name: 'wallets',
  version: 1,
  tables: ['user_wallets'],
  schema: `
    CREATE TABLE IF NOT EXISTS user_wallets (
      user_id uuid PRIMARY KEY,
      polygon_address text NOT NULL,
      xrpl_address text NOT NULL,
      generated_at timestamptz NOT NULL
    );`,
  handles: WALLET_EVENT_TYPES,
  async apply(tx: Queryable, event: RecordedEvent): Promise<ReadModelChange | null> {
    if (event.type !== UserWalletsGenerated.type) return null;
    const data = event.data as z.output<typeof UserWalletsGenerated.schema>;
    const { rows } = await tx.query(
      `INSERT INTO user_wallets (user_id, polygon_address, xrpl_address, generated_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [data.userId, data.polygonAddress, data.xrplAddress, event.recordedAt],
    );
    if (rows.length === 0) return null;
    return {
      readModel: 'tokens',
      ownerId: data.userId,
      subjectId: data.userId,
      streamId: event.streamId,
      eventType: event.type,
      workflowId: event.metadata.workflowId,
      recordedAt: event.recordedAt.toISOString(),
    };
  },
};
