// What GET /api/capabilities answers on a zero-configuration `npm start` (the workflow service runs,
// nothing outside is connected) and on a server with every setting given, for tests that render
// screens whose words depend on it.
import { describeCapabilities, type CapabilityFacts, type CapabilityReport } from '../../../domain/platform/capabilities';

export const ZERO_CONFIG_FACTS: CapabilityFacts = {
  ledgerConnected: false,
  xrpPriced: false,
  cardPayments: false,
  xrpDepositsCredited: false,
  cardOnramp: false,
  withdrawals: false,
  workflowService: true,
  deliveryPartner: false,
  mailServer: false,
  xrpEscrow: false,
  acoustid: false,
};

export const CAPABILITIES_ZERO_CONFIG_FIXTURE: CapabilityReport = describeCapabilities(ZERO_CONFIG_FACTS);
export const CAPABILITIES_FULL_FIXTURE: CapabilityReport = describeCapabilities(
  Object.fromEntries(Object.keys(ZERO_CONFIG_FACTS).map((fact) => [fact, true])) as unknown as CapabilityFacts,
);
