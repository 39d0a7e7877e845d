// Every workflow the worker runs, bundled together: the worker's one bundle is built from this file.
// A static list for the bundler; registry.test.ts checks it names what workflows/registry.ts lists.
export { trackLifecycle } from './track-lifecycle/workflow';
export { royaltyContract } from './royalty-contract/workflow';
export { release } from './release/workflow';
export { licensePurchase } from './license-purchase/workflow';
export { disputeCase } from './dispute/workflow';
export { partnerReports } from './partner-reports/workflow';
export { withdrawal } from './withdrawal/workflow';
export { contractAnchor } from './contract-anchor/workflow';
export { songGeneration } from './song-generation/workflow';
export { accountExport } from './account-export/workflow';
export { accountDeletion } from './account-deletion/workflow';
export { referenceDelivery } from './reference-delivery/workflow';
