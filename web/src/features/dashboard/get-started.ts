// A signed-in creator's "Get started" path on the welcome tab: add a track (upload it, or create
// one where the server can make songs), master it (optional), check its copyright, register it.
// Each step says what it costs, read from the server's price list (GET /api/goose-tokens/pricing,
// never a figure written here), names the tab where it is done (only tabs this server can work),
// and is ticked once one of the creator's tracks has reached it (their vault items' lifecycle
// steps). Pure, so the path is tested on its own.
import type { PricingResponse } from '../../../../domain/contracts/tokens';
import type { VaultItem } from '../../../../domain/contracts/vault';
import type { PricedService } from '../../../../domain/tokens/catalogue';
import type { CapabilityReport } from '../../lib/capabilities';
import type { DashboardTab } from '../../lib/dashboard-tabs';
import { formatPrice } from '../../lib/tokens/labels';
import { isCopyrightCleared, isIntakeFailed, isSecuredInVault, serverStep } from '../../lib/track/workflow-steps';

export type GetStartedStepId = 'add' | 'master' | 'check' | 'register';

export interface GetStartedLink {
  label: string;
  tab: DashboardTab;
}

export interface GetStartedStep {
  id: GetStartedStepId;
  title: string;
  text: string;
  /** What the step costs, from the price list; null until the list has answered. */
  cost: string | null;
  links: GetStartedLink[];
  /** One of the creator's tracks has reached this step. */
  done: boolean;
}

type Pricing = Pick<PricingResponse, 'services' | 'free'>;

/** A priced step's price in tokens, where this server sells it; null where it does not (or before the list answers). */
function sold(pricing: Pricing | undefined, service: PricedService): number | null {
  const line = pricing?.services.find((entry) => entry.id === service);
  return line?.available ? line.price : null;
}

const tokens = (price: number) => `${formatPrice(price)} tokens`;

type TrackFacts = Pick<VaultItem, 'workflow' | 'copyrightCheck' | 'xrplTxHash'>;

export function getStartedSteps(items: readonly TrackFacts[], pricing: Pricing | undefined, capabilities: CapabilityReport | undefined): GetStartedStep[] {
  const tracks = items.filter((item) => !isIntakeFailed(item));
  const creation = capabilities?.['creation-engine'].available === true;
  const onLedger = capabilities?.['ledger-submission'].available === true;
  const generation = sold(pricing, 'ai-music-generation');
  const mastering = sold(pricing, 'professional-mastering');
  const registration = sold(pricing, 'copyright-registration');
  const free = pricing ? 'Free' : null;
  return [
    {
      id: 'add',
      title: creation ? 'Upload or create a track' : 'Upload a track',
      text: creation
        ? 'Upload music you made, or describe a song and have it composed and rendered here. Either way it is stored, fingerprinted and kept in your vault.'
        : 'Upload music, video, images or text. Each file is stored, fingerprinted (SHA-256) and kept in your vault.',
      cost: !pricing ? null : creation && generation !== null ? `Uploading is free; a song made with AI costs ${tokens(generation)}` : free,
      links: [{ label: 'Upload a track', tab: 'upload' }, ...(creation ? [{ label: 'Create a song', tab: 'create' as const }] : [])],
      done: tracks.length > 0,
    },
    {
      id: 'master',
      title: 'Master it (optional)',
      text: 'Pick a style, a loudness target and a format; hear a preview, then make the release-ready master.',
      cost: mastering === null ? null : `${tokens(mastering)}; previews are free`,
      links: [{ label: 'Open the Mastering Studio', tab: 'mastering' }],
      done: tracks.some((item) => serverStep(item, 'master') === 'completed'),
    },
    {
      id: 'check',
      title: 'Check its copyright',
      text: 'The oracle compares your track (its master, or the upload as it is) with every work registered on GOOSE.',
      cost: free,
      links: [{ label: 'Check in the Copyright Oracle', tab: 'oracle' }],
      done: tracks.some((item) => item.copyrightCheck?.status === 'completed' || isCopyrightCleared(item)),
    },
    {
      id: 'register',
      title: 'Register it',
      text: onLedger
        ? 'Register the cleared track on the XRP Ledger and get a signed certificate anyone can verify.'
        : 'Register the cleared track: it gets a signed XRP Ledger transaction and a certificate anyone can verify; this server keeps the transaction until it connects to the ledger.',
      cost: registration === null ? null : `${tokens(registration)}, charged when it succeeds`,
      links: [{ label: 'Register in the Copyright Oracle', tab: 'oracle' }],
      done: tracks.some((item) => Boolean(item.xrplTxHash) || serverStep(item, 'register') === 'completed' || isSecuredInVault(item)),
    },
  ];
}
