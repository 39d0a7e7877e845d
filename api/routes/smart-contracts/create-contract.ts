// Creating a royalty contract for registered content: signed terms, the
// contract's workflow started, and the XRPL anchor from the creator's own account, run by the
// contract anchor workflow (workflows/contract-anchor) whose answer the creator reads. One function for
// every route that creates one: the signed-in routes (POST /api/smart-contracts/create, the
// workflow card's POST /api/smart-contract/create/:id) and the external POST
// /api/v1/smart-contracts/create, so all give the same answers (404, 400 registration required,
// 409 exists, 402 wallet not funded).
import { randomUUID } from 'node:crypto';
import type { CreateContractRequest, CreateContractResponse } from '../../../domain/contracts/royalties';
import { royaltyContractDecider } from '../../../domain/royalties/royalty-contract.decider';
import { royaltyContractStreamId } from '../../../domain/royalties/royalty-contract.events';
import { DEFAULT_DISTRIBUTION_SCHEDULE, DEFAULT_MINIMUM_THRESHOLD_CENTS, MINIMUM_DISTRIBUTION_CENTS, TEMPLATE_CREATOR_SHARE, TEMPLATE_LABELS } from '../../../domain/royalties/terms';
import { handleCommand } from '../../../infra/eventstore/command-handler';
import { storedUserNames } from '../../../infra/identity/user-names';
import { WalletNotFundedError } from '../../../infra/royalties/contract-anchor';
import { contractIdFor } from '../../../infra/royalties/contract-id';
import { contractTerms, signContractTerms } from '../../../infra/royalties/contract-terms';
import { findContract, findContractByContent } from '../../../projections/royalties/queries';
import { findOwnedTrack, toVaultItem } from '../../../projections/vault/queries';
import type { Services } from '../../plugins/services';
import { HttpError } from '../../plugins/error-handler';
import { IllegalStateError, NotFoundError, PaymentRequiredError, ValidationError } from '../../../domain/shared/errors';

const CONTRACTS_NEED_WORKFLOWS = 'Smart contracts need the workflow service, which is not running on this server';

export const REGISTRATION_REQUIRED = 'Copyright Registration Required: register this content on the XRP Ledger before creating a smart contract';

export type CreateContractDeps = Pick<Services, 'db' | 'eventStore' | 'projector' | 'signingKey' | 'royalties' | 'contractAnchors'>;

export type ContractCreation = CreateContractRequest & { templateType: NonNullable<CreateContractRequest['templateType']> };

export async function createContract(deps: CreateContractDeps, userId: string, body: ContractCreation): Promise<CreateContractResponse> {
  const { db, eventStore, projector, signingKey } = deps;
  const royalties = deps.royalties;
  const track = await findOwnedTrack(db, userId, body.contentId);
  if (!track) throw new NotFoundError('Content not found');
  const item = toVaultItem(track);
  if (!item.xrplTxHash) throw new ValidationError(REGISTRATION_REQUIRED);
  if (await findContractByContent(db, body.contentId)) throw new IllegalStateError('This content already has a smart contract');
  const share = TEMPLATE_CREATOR_SHARE[body.templateType];
  const terms = body.customTerms ?? {};
  if (terms.royaltySplit !== undefined && terms.royaltySplit !== share) {
    throw new ValidationError(`The ${TEMPLATE_LABELS[body.templateType]} template gives the creator ${share}%, not ${terms.royaltySplit}%`);
  }
  const contractAnchors = deps.contractAnchors;
  if (!contractAnchors) throw new HttpError(503, CONTRACTS_NEED_WORKFLOWS);
  try {
    await royalties.anchor.ensureFunded(userId);
  } catch (error) {
    if (error instanceof WalletNotFundedError) throw new PaymentRequiredError(error.message);
    throw error;
  }
  const contractId = contractIdFor(body.contentId);
  const createdAt = new Date().toISOString();
  const title = item.title;
  // The signed terms name the creator by their account name, never by their id.
  const creatorName = await storedUserNames(db, eventStore).nameOf(userId);
  if (!creatorName) throw new NotFoundError('Your account was not found');
  const schedule = terms.distributionSchedule ?? DEFAULT_DISTRIBUTION_SCHEDULE;
  const minimumThreshold = Math.max(MINIMUM_DISTRIBUTION_CENTS, terms.minimumThreshold ?? DEFAULT_MINIMUM_THRESHOLD_CENTS);
  const signed = signContractTerms(
    contractTerms({
      contractId,
      contentId: body.contentId,
      contentTitle: title,
      contentXrplTxHash: item.xrplTxHash,
      creatorId: userId,
      creatorName,
      templateType: body.templateType,
      royaltySplit: share,
      distributionSchedule: schedule,
      minimumThresholdCents: minimumThreshold,
      network: royalties.anchor.network,
      createdAt,
    }),
    signingKey,
  );
  const quote = royalties.anchor.quote();
  const context = { correlationId: randomUUID(), actor: `user:${userId}` };
  const streamId = royaltyContractStreamId(contractId);
  const created = await handleCommand(eventStore, streamId, royaltyContractDecider, {
    type: 'CreateContract',
    data: {
      contractId,
      contentId: body.contentId,
      ownerId: userId,
      contentTitle: title,
      templateType: body.templateType,
      royaltySplit: share,
      distributionSchedule: schedule,
      minimumThreshold,
      terms: signed.terms,
      canonical: signed.canonical,
      termsSha256: signed.sha256,
      signature: signed.signature,
      network: royalties.anchor.network,
      xrpAmount: quote.xrpAmount,
      usdAmount: quote.usdAmount,
    },
  }, context);
  // Two creations for one content meet on the same stream: the later one decides nothing.
  if (created.events.length === 0) throw new IllegalStateError('This content already has a smart contract');
  // The contract works whether or not its anchor gets onto the ledger: its workflow starts first.
  await royalties.contracts.start({ contractId, createdAt });
  const outcome = await contractAnchors.anchor({ contractId, ...context });
  const last = (await eventStore.readStream(streamId)).at(-1);
  if (last) await projector.waitFor(last.position);
  const stored = await findContract(db, contractId);
  if (!stored) throw new HttpError(503, 'The contract was created but is not readable yet; reload in a moment');
  const waiting = outcome.signed ? 'its deploy payment is signed and waits for a connection to the XRP Ledger' : 'not on the XRP Ledger: no deploy payment was signed';
  const deployed = outcome.status === 'validated' ? 'deployed on the XRP Ledger' : outcome.status === 'awaiting_submission' ? waiting : `deployment ${outcome.status}`;
  return { success: true as const, contract: stored.contract, message: `Smart contract created for "${title}": ${deployed}` };
}
