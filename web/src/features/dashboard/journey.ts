// The welcome tab's "how it works" path, in words true of the server that shows it: each step
// names the capability it needs (null: built and always on), and its text and tag come from what
// GET /api/capabilities says, never from a flag written here.
import { CONTRACT_DEPLOY_PRICE_USD } from '../../../../domain/royalties/terms';
import { NOT_ON_THIS_SERVER, type CapabilityId, type CapabilityReport } from '../../lib/capabilities';

export type StepTagSeverity = 'success' | 'warning' | 'secondary';

export interface JourneyStep {
  title: string;
  icon: string;
  /** What this server needs to do the step; null for a step GOOSE always does. */
  capability: CapabilityId | null;
  text: string;
  tag: string;
  severity: StepTagSeverity;
}

const AVAILABLE = { tag: 'Available now', severity: 'success' } as const;
const OFF = { tag: NOT_ON_THIS_SERVER, severity: 'secondary' } as const;
const LOADING = { tag: 'Checking this server…', severity: 'secondary' } as const;

type StepStatus = { tag: string; severity: StepTagSeverity };

/** One step, before the server's report is applied. */
interface StepDefinition {
  title: string;
  icon: string;
  capability: CapabilityId | null;
  describe(report: CapabilityReport): { text: string; status: StepStatus };
}

const always = (title: string, icon: string, text: (report: CapabilityReport) => string): StepDefinition => ({
  title,
  icon,
  capability: null,
  describe: (report) => ({ text: text(report), status: AVAILABLE }),
});

/** How licenses can be paid on this server: tokens always, card and XRPL escrow when offered. */
function licensePaymentMethods(report: CapabilityReport): string {
  const methods = ['tokens', ...(report['card-payments'].available ? ['card'] : []), ...(report['xrp-escrow'].available ? ['XRPL escrow'] : [])];
  return methods.length === 1 ? methods[0]! : `${methods.slice(0, -1).join(', ')} or ${methods.at(-1)!}`;
}

const STEPS: readonly StepDefinition[] = [
  always('Upload', 'pi-cloud-upload', () => 'Add music, video, images or text to your vault. Each file is stored, fingerprinted (SHA-256) and probed.'),
  always(
    'Master',
    'pi-sliders-h',
    () => 'Optional, for music: master it with style, loudness and format options; its eight steps stream in as they run, and you get a preview and the master.',
  ),
  always(
    'Copyright check',
    'pi-shield',
    () => 'An oracle compares your work with the works already registered on GOOSE (for music: fingerprint, melody, harmony and rhythm) before registration.',
  ),
  {
    title: 'Register on XRPL',
    icon: 'pi-verified',
    capability: 'ledger-submission',
    describe: (report) => {
      const ledger = report['ledger-submission'];
      return ledger.available
        ? { text: 'Cleared work is registered on the XRP Ledger with a signed, downloadable certificate anyone can verify.', status: AVAILABLE }
        : {
            text: `Cleared work gets a signed XRP Ledger registration and a downloadable certificate. ${ledger.reason ?? ''}`.trim(),
            status: { tag: 'Signed; not sent to the ledger here', severity: 'warning' },
          };
    },
  },
  always('Vault', 'pi-lock', () => 'Play, download and follow the progress of everything you uploaded, live.'),
  {
    title: 'Royalty contracts',
    icon: 'pi-file-edit',
    capability: 'contract-anchors',
    describe: (report) => {
      const anchors = report['contract-anchors'];
      const what = 'Contracts that share the royalties of registered work between you, the platform and the receivers who accept their share';
      return anchors.available
        ? { text: `${what}; recorded on the XRP Ledger once, for $${CONTRACT_DEPLOY_PRICE_USD.toFixed(2)} paid in XRP from your XRPL account.`, status: AVAILABLE }
        : { text: `${what}. ${anchors.reason ?? ''}`.trim(), status: { tag: 'Available; not recorded on the ledger here', severity: 'warning' } };
    },
  },
  always(
    'Licensing',
    'pi-briefcase',
    (report) =>
      `Offer licenses for your registered work on the marketplace, paid by ${licensePaymentMethods(report)}; each sale issues a signed license certificate and a proof anyone can check.`,
  ),
  {
    title: 'Distribute',
    icon: 'pi-send',
    capability: 'delivery-partner',
    describe: (report) => {
      const partner = report['delivery-partner'];
      const releases = report.distribution;
      if (partner.available) return { text: 'Release registered music to streaming stores through this server\'s delivery partner.', status: AVAILABLE };
      if (releases.available) {
        return { text: `Prepare releases of registered music. ${partner.reason ?? ''}`.trim(), status: { tag: 'Sandbox only: no store receives it', severity: 'warning' } };
      }
      return { text: `Release registered music. ${releases.reason ?? ''}`.trim(), status: OFF };
    },
  },
];

/** The steps as this server can do them; while its report loads, every tag says it is being checked. */
export function journeySteps(report: CapabilityReport | undefined): JourneyStep[] {
  return STEPS.map(({ title, icon, capability, describe }) => {
    if (!report) return { title, icon, capability, text: '', ...LOADING };
    const { text, status } = describe(report);
    return { title, icon, capability, text, ...status };
  });
}

/** The welcome pitch's one paragraph, saying only what this server does. */
export function welcomeLead(report: CapabilityReport | undefined): string {
  const registration = report?.['ledger-submission'].available ? 'registration on the XRP Ledger' : 'a signed registration';
  const releases = !report
    ? ''
    : report['delivery-partner'].available
      ? ' and releases to streaming platforms'
      : report.distribution.available
        ? ' and releases checked in a sandbox (no store receives them on this server)'
        : '';
  return (
    `GOOSE keeps your work in a personal vault and takes it through mastering, copyright clearance and ${registration}, one step after another, ` +
    `paid with GOOSE tokens (1 token = 1 USD), then into royalty contracts that share its earnings with your collaborators, licenses on the marketplace${releases}. ` +
    'Every registered work is in the public rights registry with proofs anyone can verify.'
  );
}

/** Why a visitor should sign up for the Copyright Oracle tab, as this server registers work. */
export function oraclePromptReason(report: CapabilityReport | undefined): string {
  const register = report?.['ledger-submission'].available ? 'register them on the XRP Ledger' : 'register the cleared ones with a signed certificate';
  return `Sign up or log in to check your tracks for copyright conflicts and ${register}.`;
}

/** Why a visitor should sign up for the Distributions tab, as this server releases music. */
export function distributionsPromptReason(report: CapabilityReport | undefined): string {
  if (report?.['delivery-partner'].available) return 'Sign up or log in to release your registered music to streaming platforms and follow its royalties.';
  if (report?.distribution.available) return 'Sign up or log in to prepare releases of your registered music. This server sends them to a sandbox: no store receives them.';
  return 'Sign up or log in to follow the releases of your registered music.';
}
