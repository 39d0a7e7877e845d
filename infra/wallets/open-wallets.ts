// Opening a user's wallets (stream `wallets-<userId>`): at sign-up, so a new account has its
// Polygon and XRPL addresses from the first screen and nothing asks for a wallet that is not there,
// and on Generate Wallet for accounts made before sign-up did it. Idempotent: of two concurrent
// first calls one appends ('no_stream') and the other answers the wallets it wrote.
import { randomUUID } from 'node:crypto';
import { UserWalletsGenerated, walletsStreamId } from '../../domain/wallets/wallet.events';
import { ConcurrencyError } from '../../domain/shared/errors';
import type { EventStore, GlobalPosition } from '../eventstore/event-store';
import { logger } from '../logger/logger';
import { generateUserWallets, type GeneratedWallets } from './generate';
import type { WalletKeyBox } from './key-box';

export interface OpenedWallets {
  wallets: GeneratedWallets;
  /** Whether this call generated them (false: they existed already). */
  created: boolean;
  /** Where the wallets' event is in the store, for a caller that waits for the read model. */
  position: GlobalPosition;
}

export async function openUserWallets(
  eventStore: EventStore,
  keyBox: WalletKeyBox,
  userId: string,
  context: { correlationId: string; actor: string },
): Promise<OpenedWallets> {
  const streamId = walletsStreamId(userId);
  const existing = async (): Promise<OpenedWallets> => {
    const [first] = await eventStore.readStream(streamId);
    if (!first) throw new Error(`Stream ${streamId} refused a first append but holds no event`);
    return { wallets: first.data as GeneratedWallets, created: false, position: first.position };
  };
  if ((await eventStore.readStream(streamId)).length > 0) return existing();

  const wallets = generateUserWallets(keyBox);
  const event = UserWalletsGenerated.create({ userId, ...wallets });
  const metadata = { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() };
  try {
    const result = await eventStore.append(streamId, [{ eventId: randomUUID(), ...event, metadata }], 'no_stream');
    logger.info({ userId, polygonAddress: wallets.polygonAddress, xrplAddress: wallets.xrplAddress, keyId: keyBox.keyId }, 'user wallets generated');
    return { wallets, created: true, position: result.lastPosition };
  } catch (error) {
    if (error instanceof ConcurrencyError) return existing();
    throw error;
  }
}
