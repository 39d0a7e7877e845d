// The projector of a deployment (GOOSE_ROLE=projector, or inside `all`) and the loops that must run
// once per deployment beside it: XRP deposits, notification mail, license-purchase recovery, the
// partner reports schedule, the opening of missing token accounts. On Postgres any number of
// candidates run; the one holding the advisory lock leads (projects and runs the loops), the others
// stand by and take over within a poll of the leader's end. PGlite serves one process, which just leads.
import { openMissingAccounts } from '../../infra/tokens/open-accounts';
import { followAdvisoryLeadership, type AdvisoryLeadership } from '../../infra/db/advisory-leadership';
import { logger } from '../../infra/logger/logger';
import type { Mailer } from '../../infra/mail/mailer';
import { NotificationMailDispatcher } from '../../infra/notifications/mail-dispatcher';
import type { UnsubscribeTokens } from '../../infra/notifications/unsubscribe-tokens';
import { XrpDepositWatcher } from '../../infra/wallets/xrp-deposit-watcher';
import { allProjections } from '../../projections/all';
import { unsentNotificationMail } from '../../projections/notifications/queries';
import { Projector } from '../../projections/projector';
import { startPartnerReports } from '../../workflows/partner-reports/client';
import { temporalLicensePurchaseClient } from '../../workflows/license-purchase/client';
import { startLicensePurchaseRecovery } from '../license-purchase-recovery';
import { startReferenceDeliveryRecovery } from '../reference-delivery-recovery';
import { temporalReferenceDeliveryClient } from '../../workflows/reference-delivery/client';
import type { RoleContext } from './shared';

/** The advisory lock key of the projector's leadership (any constant no other lock of the database uses). */
export const PROJECTOR_LOCK_KEY = 0x60_05e_0002;

/** How often a standby projector tries the lock (PROJECTOR_STANDBY_POLL_MS; default 1 s). */
const STANDBY_POLL_MS = Number(process.env.PROJECTOR_STANDBY_POLL_MS ?? 1000);

export interface DeploymentLoopDeps {
  mailer: Mailer;
  notificationUnsubscribe: UnsubscribeTokens;
  /** Where users reach the platform: the links in mails and certificates start with it. */
  publicOrigin: () => string;
}

export interface LeadingProjector {
  /** The projector; its feed emits only while this process leads. */
  projector: Projector;
  /** Null on PGlite, where the one process leads without a lock. */
  leadership: AdvisoryLeadership | null;
}

/**
 * Follows the projector's leadership: while leading, the projector applies the projections and the
 * once-per-deployment loops run; a stop (SIGTERM) ends both and releases the lock, so a standby
 * takes over at its next poll.
 */
export async function startProjectorLeadership(context: RoleContext, deps: DeploymentLoopDeps): Promise<LeadingProjector> {
  const { platform, config, stops } = context;
  const projector = new Projector(platform.db, platform.eventStore, allProjections);
  const lead = async () => {
    await projector.start();
    try {
      const stopLoops = await startDeploymentLoops(context, projector, deps);
      return async () => {
        await stopLoops();
        await projector.stop();
      };
    } catch (error) {
      await projector.stop();
      throw error;
    }
  };
  if (platform.db.kind === 'pglite' || !config.databaseUrl) {
    const stop = await lead();
    stops.add('projector', stop);
    return { projector, leadership: null };
  }
  const leadership = followAdvisoryLeadership({ connectionString: config.databaseUrl, key: PROJECTOR_LOCK_KEY, name: 'projector', pollMs: STANDBY_POLL_MS, lead });
  stops.add('projector leadership', () => leadership.stop(), 20_000);
  return { projector, leadership };
}

/** Starts what runs once per deployment, beside the leading projector; answers how to stop it. */
async function startDeploymentLoops(context: RoleContext, projector: Projector, deps: DeploymentLoopDeps): Promise<() => Promise<void>> {
  const { platform, config, client, tokenLedger } = context;
  const stops: (() => Promise<unknown>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch((error: unknown) => logger.error({ err: error }, 'stopping a deployment loop failed'));
  };
  try {
    await openMissingAccounts(platform.db, platform.eventStore, tokenLedger);
    const { xrplUrl, xrpRate } = config.wallets;
    if (xrplUrl && xrpRate) {
      const xrpDeposits = new XrpDepositWatcher({ url: xrplUrl, usdPerXrp: xrpRate.rate, db: platform.db, tokenLedger, walletChanges: projector });
      await xrpDeposits.start();
      stops.push(() => xrpDeposits.stop());
    } else {
      logger.warn({ missing: [xrplUrl ? null : 'XRPL_URL', xrpRate ? null : 'XRP_USD_RATE'].filter(Boolean) }, 'XRP deposits are not credited: set XRPL_URL and XRP_USD_RATE');
    }
    const partner = config.distribution.partner;
    if (partner) await startPartnerReports(client, { partnerId: partner.id, everyMs: partner.reportsPollMs });
    // Purchases recorded before a crash let their workflow start: started again now and every minute.
    const recovery = startLicensePurchaseRecovery({ db: platform.db, eventStore: platform.eventStore, purchases: temporalLicensePurchaseClient(client), publicOrigin: deps.publicOrigin });
    stops.push(() => recovery.stop());
    const deliveryRecovery = startReferenceDeliveryRecovery({ db: platform.db, eventStore: platform.eventStore, deliveries: temporalReferenceDeliveryClient(client) });
    stops.push(() => deliveryRecovery.stop());
    const notificationMail = new NotificationMailDispatcher({
      db: platform.db,
      unsent: unsentNotificationMail(platform.db),
      mailer: deps.mailer,
      tokens: deps.notificationUnsubscribe,
      publicOrigin: deps.publicOrigin,
    });
    notificationMail.start();
    stops.push(() => notificationMail.stop());
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
