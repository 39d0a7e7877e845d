// Every event type the platform stores. The event store validates each append and each read
// against this registry.
import { partnerReportEventDefinitions } from './distribution/partner-reports.events';
import { releaseEventDefinitions } from './distribution/release.events';
import { salesStatementEventDefinitions } from './distribution/sales-statement.events';
import { licenseOfferEventDefinitions } from './licensing/license-offer.events';
import { licenseEventDefinitions } from './licensing/license.events';
import { workEventDefinitions } from './registry/work.events';
import { disputeEventDefinitions } from './disputes/dispute.events';
import { workFreezeEventDefinitions } from './disputes/work-freeze.events';
import { lockdownEventDefinitions } from './identity/lockdown.events';
import { roleEventDefinitions } from './identity/role.events';
import { userEventDefinitions } from './identity/user.events';
import { paymentCustomerEventDefinitions } from './payments/payment-customer.events';
import { xrplPayoutEventDefinitions } from './royalties/xrpl-payout.events';
import { partnerFundsEventDefinitions } from './royalties/partner-funds.events';
import { reconciliationEventDefinitions } from './royalties/reconciliation.events';
import { royaltyReceiversEventDefinitions } from './royalties/royalty-receivers.events';
import { royaltyContractEventDefinitions } from './royalties/royalty-contract.events';
import { generationEventDefinitions } from './creation/generation.events';
import { EventRegistry } from './shared/events';
import { tokenAccountEventDefinitions } from './tokens/token-account.events';
import { trackEventDefinitions } from './track/track.events';
import { walletEventDefinitions } from './wallets/wallet.events';
import { apiKeyEventDefinitions } from './developer/api-key.events';
import { inboxEventDefinitions } from './notifications/inbox.events';
import { accountExportEventDefinitions } from './account-data/account-export.events';
import { supportTicketEventDefinitions } from './support/support-ticket.events';
import { waitingListEventDefinitions } from './waiting-list/waiting-list.events';
import { supportConversationEventDefinitions } from './support/agent-conversation.events';
import { referenceDeliveryEventDefinitions } from './references/reference-delivery.events';

export const eventRegistry = new EventRegistry([
  ...userEventDefinitions,
  ...trackEventDefinitions,
  ...generationEventDefinitions,
  ...tokenAccountEventDefinitions,
  ...paymentCustomerEventDefinitions,
  ...walletEventDefinitions,
  ...xrplPayoutEventDefinitions,
  ...royaltyReceiversEventDefinitions,
  ...releaseEventDefinitions,
  ...salesStatementEventDefinitions,
  ...partnerReportEventDefinitions,
  ...royaltyContractEventDefinitions,
  ...partnerFundsEventDefinitions,
  ...reconciliationEventDefinitions,
  ...workEventDefinitions,
  ...licenseOfferEventDefinitions,
  ...licenseEventDefinitions,
  ...roleEventDefinitions,
  ...lockdownEventDefinitions,
  ...disputeEventDefinitions,
  ...workFreezeEventDefinitions,
  ...apiKeyEventDefinitions,
  ...inboxEventDefinitions,
  ...accountExportEventDefinitions,
  ...supportTicketEventDefinitions,
  ...waitingListEventDefinitions,
  ...supportConversationEventDefinitions,
  ...referenceDeliveryEventDefinitions,
]);
