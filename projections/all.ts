// Every read model the projector maintains.
import { distributionsProjection } from './distributions/projection';
import type { Projection } from './projection';
import { tokensProjection } from './tokens/projection';
import { usersProjection } from './users/projection';
import { vaultProjection } from './vault/projection';
import { walletsProjection } from './wallets/projection';

export const allProjections: readonly Projection[] = [usersProjection, vaultProjection, tokensProjection, walletsProjection, distributionsProjection];
