// The conversation as the chat keeps it (what was said, by whom) and the confirmation each paid or
// ledger-writing command asks first, its price read from the server's price list (or, for a
// contract, the deploy price the Smart Contracts tab states). Pure, so the wording is tested.
import { MASTER_LOUDNESS_LUFS, type MasterStyleOption } from '../../../../domain/constants';
import type { PricingResponse } from '../../../../domain/contracts/tokens';
import type { AgentAnswer } from '../../../../domain/contracts/support';
import { CONTRACT_DEPLOY_PRICE_USD, TEMPLATE_CREATOR_SHARE } from '../../../../domain/royalties/terms';
import { costNote, formatPrice, priceOf } from '../../lib/tokens/labels';
import { lufsText, type ChatTab, type TrackCommand } from './command-parser';
import type { ReportTone } from './track-report';

/** The label every message carries (the spec's). */
export const AGENT_LABEL = 'GOOSE AI Agent';
export const USER_LABEL = 'You';

export type ConfirmStatus = 'asking' | 'running' | 'done' | 'cancelled';

export type ChatEntry =
  | { id: string; from: 'user'; text: string }
  /** Something the chat says: a step of the track, a command's outcome, a refusal. */
  | { id: string; from: 'agent'; kind: 'note'; text: string; tone: ReportTone; tab: ChatTab | null; buyTokens: boolean }
  | { id: string; from: 'agent'; kind: 'confirm'; command: TrackCommand; trackId: string; trackTitle: string; status: ConfirmStatus }
  | { id: string; from: 'agent'; kind: 'answer'; answer: AgentAnswer; vote: 'helpful' | 'unhelpful' | null };

const STYLE_NAMES: Record<MasterStyleOption, string> = { warm: 'Warm', balanced: 'Balanced', open: 'Open' };

/** Whether contracts are recorded on a ledger here (the capability), and if not, its reason; unknown while `loading`. */
export interface ContractAnchors {
  available: boolean;
  reason: string | null;
  loading: boolean;
}

/** The question a command asks before it runs; `ready` false while the price it needs is unknown. */
export function confirmQuestion(
  entry: Pick<Extract<ChatEntry, { kind: 'confirm' }>, 'command' | 'trackTitle'>,
  pricing: Pick<PricingResponse, 'pricing'> | undefined,
  anchors: ContractAnchors,
): { text: string; ready: boolean } {
  const title = `“${entry.trackTitle}”`;
  const { command } = entry;
  switch (command.kind) {
    case 'master': {
      const price = priceOf(pricing, 'professional-mastering');
      const what = `Master ${title} ${STYLE_NAMES[command.style]} at ${lufsText(MASTER_LOUDNESS_LUFS[command.loudness])}`;
      return price === null ? { text: `${what}? Reading the price list…`, ready: false } : { text: `${what} for ${formatPrice(price)} tokens?`, ready: true };
    }
    case 'check':
      return { text: `Run the copyright check on ${title}? It costs no tokens.`, ready: true };
    case 'register': {
      const price = priceOf(pricing, 'copyright-registration');
      return price === null
        ? { text: `Register ${title}? Reading the price list…`, ready: false }
        : { text: `Register ${title}? ${costNote('copyright-registration', price)}.`, ready: true };
    }
    case 'contract': {
      const share = TEMPLATE_CREATOR_SHARE.standard_royalty;
      const what = `Create the standard royalty contract for ${title} (you ${share}%, the platform ${100 - share}%)?`;
      if (anchors.loading) return { text: `${what} Reading what this server offers…`, ready: false };
      const cost = anchors.available ? `Recording it on the XRP Ledger costs $${CONTRACT_DEPLOY_PRICE_USD.toFixed(2)} once, paid in XRP from your XRPL account.` : (anchors.reason ?? '');
      return { text: `${what} ${cost}`.trim(), ready: true };
    }
  }
}
