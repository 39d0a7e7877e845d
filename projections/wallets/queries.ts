// Reads of the wallets read model.
import type { Queryable } from '../../infra/db/db';

export interface UserWalletAddresses {
  polygonAddress: string;
  xrplAddress: string;
}

export async function findUserWallets(db: Queryable, userId: string): Promise<UserWalletAddresses | null> {
  const { rows } = await db.query<{ polygon_address: string; xrpl_address: string }>(
    'SELECT polygon_address, xrpl_address FROM user_wallets WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return row ? { polygonAddress: row.polygon_address, xrplAddress: row.xrpl_address } : null;
}
