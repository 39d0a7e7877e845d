// Every read model the projector maintains.
import { accountExportsProjection } from './account-exports/projection';
import { developerProjection } from './developer/projection';
import { disputesProjection } from './disputes/projection';
import { distributionsProjection } from './distributions/projection';
import { generatedMusicProjection } from './generated-music/projection';
import { licensesProjection } from './licenses/projection';
import { licenseSalesProjection } from './license-sales/projection';
import { notificationsProjection } from './notifications/projection';
import type { Projection } from './projection';
import { proofsProjection } from './proofs/projection';
import { referenceHoldsProjection } from './reference-holds/projection';
import { receiversProjection } from './receivers/projection';
import { referencesProjection } from './references/projection';
import { reconciliationProjection } from './reconciliation/projection';
import { statementsProjection } from './statements/projection';
import { supportTicketsProjection } from './support-tickets/projection';
import { royaltiesProjection } from './royalties/projection';
import { tokensProjection } from './tokens/projection';
import { usersProjection } from './users/projection';
import { vaultProjection } from './vault/projection';
import { walletsProjection } from './wallets/projection';
import { worksProjection } from './works/projection';
import { waitingListProjection } from './waiting-list/projection';
import { supportConversationsProjection } from './support-conversations/projection';

export const allProjections: readonly Projection[] = [
  usersProjection,
  vaultProjection,
  tokensProjection,
  walletsProjection,
  receiversProjection,
  statementsProjection,
  reconciliationProjection,
  royaltiesProjection,
  distributionsProjection,
  licenseSalesProjection,
  worksProjection,
  proofsProjection,
  licensesProjection,
  disputesProjection,
  referenceHoldsProjection,
  developerProjection,
  generatedMusicProjection,
  notificationsProjection,
  accountExportsProjection,
  supportTicketsProjection,
  waitingListProjection,
  supportConversationsProjection,
  referencesProjection,
];
