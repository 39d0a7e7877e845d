// The release workflow's activities. Each reads the release through its decider and appends through
// handleCommand (the same command twice records nothing the second time), so a retried activity or a
// worker that died after its append changes nothing more. The package is built from the track's
// stream (its master, or its upload, and its certificate), checked on disk, and handed to the distributor.
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import { chargesFee, foldRelease, releaseDecider, storesSettled, type ReleaseCommand, type ReleaseState } from '../../domain/distribution/release.decider';
import { releaseStreamId } from '../../domain/distribution/release.events';
import { DomainError } from '../../domain/shared/errors';
import { evolveTrack, initialTrackState, registrableFile, type TrackState } from '../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { DistributorRefusal, type Distributor } from '../../infra/distribution/distributor';
import { ensurePackage, sharePackage } from '../../infra/distribution/stored-package';
import { buildReleasePackage, ERN_FILE, validateReleasePackage } from '../../infra/distribution/release-package';
import { logger } from '../../infra/logger/logger';
import type { ContentStorage } from '../../infra/storage/storage';
import { FAILURE_KINDS, refusalFailure } from '../failure-kinds';
import type { ReleaseInput } from './shared';

export interface ReleaseActivityDeps {
  eventStore: EventStore;
  storage: ContentStorage;
  distributor: Distributor;
  /** Where packages are kept (data/); releases/<id> under it. */
  dataDir: string;
}

/** What the workflow needs to know of the release to take its next step. */
export interface ReleaseView {
  status: ReleaseState['status'];
  songName: string;
  delivered: boolean;
  /** The yearly fee is charged: a delivery partner takes the release to the stores (never for the sandbox). */
  chargesFee: boolean;
  settled: boolean;
  paidThrough: string | null;
  feesCharged: number;
}

export type StepResult = { ok: true } | { ok: false; reason: string };

export function createReleaseActivities({ eventStore, storage, distributor, dataDir }: ReleaseActivityDeps) {
  const context = (input: ReleaseInput) => ({ correlationId: input.correlationId, actor: input.actor, workflowId: Context.current().info.workflowExecution?.workflowId ?? null });

  async function read(distributionId: string): Promise<Exclude<ReleaseState, { status: 'none' }>> {
    const events = await eventStore.readStream(releaseStreamId(distributionId));
    const state = foldRelease(events);
    if (state.status === 'none') throw ApplicationFailure.nonRetryable(`No release ${distributionId}`, FAILURE_KINDS.notFound);
    return state;
  }

  async function decide(input: ReleaseInput, command: ReleaseCommand): Promise<ReleaseState> {
    try {
      const { state, events } = await handleCommand(eventStore, releaseStreamId(input.distributionId), releaseDecider, command, context(input));
      if (events.length > 0) logger.info({ distributionId: input.distributionId, events: events.map((e) => e.type) }, 'release recorded');
      return state;
    } catch (error) {
      if (error instanceof DomainError && error.kind !== 'concurrency') throw refusalFailure(error);
      throw error;
    }
  }

  async function track(contentId: string): Promise<TrackState> {
    const events = await eventStore.readStream(trackStreamId(contentId));
    return events.reduce((s, e) => evolveTrack(s, { type: e.type, data: e.data } as TrackEvent), initialTrackState);
  }

  return {
    async describeRelease(input: ReleaseInput): Promise<ReleaseView> {
      const state = await read(input.distributionId);
      return {
        status: state.status,
        songName: state.form.songName,
        delivered: state.delivery !== null,
        chargesFee: chargesFee(state, distributor.reachesStores),
        settled: storesSettled(state),
        paidThrough: state.paidThrough,
        feesCharged: state.feesCharged.length,
      };
    },

    async buildPackage(input: ReleaseInput): Promise<StepResult> {
      const release = await read(input.distributionId);
      if (release.package) return { ok: true };
      const content = await track(release.contentId);
      if (content.status !== 'probed') return fail(input, 'package', 'The track has no stored audio to release');
      const file = registrableFile(content);
      const stages = content.stages;
      const extension = path.extname(file.storedName).slice(1) || content.upload.detectedExtension;
      const built = await buildReleasePackage(dataDir, {
        distributionId: release.distributionId,
        messageId: `GOOSE-${release.distributionId}`,
        createdAt: new Date().toISOString(),
        upc: release.upc,
        isrc: release.isrc,
        form: release.form,
        audio: { path: await storage.localCopy(file.storedName), extension, durationSeconds: content.probe.durationSeconds },
        coverPath: release.form.coverArt ? await storage.localCopy(release.form.coverArt.storedName) : null,
        certificate: stages.certificate ? { certificate: stages.certificate.certificate, signature: stages.certificate.signature } : null,
        assistedBy: stages.mastering.master ? ['GOOSE automated mastering'] : [],
        recipient: distributor.recipient,
        territories: distributor.territories,
        live: distributor.reachesStores,
      });
      await sharePackage(storage, dataDir, release.distributionId, built.files);
      await decide(input, { type: 'RecordPackageBuilt', data: { distributionId: release.distributionId, messageId: `GOOSE-${release.distributionId}`, directory: built.directory, files: built.files } });
      return { ok: true };
    },

    async validatePackage(input: ReleaseInput): Promise<StepResult> {
      const release = await read(input.distributionId);
      if (release.ernSha256) return { ok: true };
      if (!release.package) return fail(input, 'validation', 'The package was not built');
      await ensurePackage(storage, dataDir, input.distributionId, release.package.files);
      const check = await validateReleasePackage(dataDir, release.package.directory);
      if (!check.valid || !check.ernSha256) return fail(input, 'validation', `The release package is invalid: ${check.errors.slice(0, 5).join('; ')}`);
      await decide(input, { type: 'RecordPackageValidated', data: { distributionId: input.distributionId, ernSha256: check.ernSha256 } });
      return { ok: true };
    },

    async deliverPackage(input: ReleaseInput): Promise<StepResult> {
      const release = await read(input.distributionId);
      if (release.delivery) return { ok: true };
      if (!release.package) return fail(input, 'delivery', 'The package was not built');
      await ensurePackage(storage, dataDir, input.distributionId, release.package.files);
      try {
        const ack = await distributor.deliver({ distributionId: input.distributionId, directory: path.join(dataDir, release.package.directory), ernFile: ERN_FILE });
        await decide(input, { type: 'RecordDelivered', data: { distributionId: input.distributionId, ...ack, reachesStores: distributor.reachesStores } });
        return { ok: true };
      } catch (error) {
        if (error instanceof DistributorRefusal) return fail(input, 'delivery', error.message);
        throw error;
      }
    },

    /** The partner could not be reached after the delivery's retries: the creator and /operations see the release waiting. */
    async recordDeliveryWaiting(input: ReleaseInput, reason: string): Promise<void> {
      logger.warn({ distributionId: input.distributionId, distributor: distributor.name, reason }, 'release waiting for the delivery partner');
      await decide(input, { type: 'RecordDeliveryWaiting', data: { distributionId: input.distributionId, reason: reason.slice(0, 1000), since: new Date().toISOString() } });
    },
    async recordFeeCharged(input: ReleaseInput, fee: { holdId: string; kind: 'setup' | 'renewal'; priceMicros: number; paidThrough: string }): Promise<void> {
      await decide(input, { type: 'RecordFeeCharged', data: { distributionId: input.distributionId, ...fee } });
    },

    async failRelease(input: ReleaseInput, step: 'fee' | 'package' | 'validation' | 'delivery', reason: string): Promise<void> {
      await decide(input, { type: 'FailRelease', data: { distributionId: input.distributionId, step, reason: reason.slice(0, 1000) } });
    },

    /** Records each store's state; says whether all have settled, and when to ask again (the distributor's pace). */
    async pollStores(input: ReleaseInput): Promise<{ settled: boolean; pollAgainInMs: number }> {
      const pollAgainInMs = distributor.pollEveryMs;
      const release = await read(input.distributionId);
      if (!release.delivery) return { settled: false, pollAgainInMs };
      const reports = await distributor.poll(release.delivery.deliveryId, Object.keys(release.stores));
      const at = new Date().toISOString();
      let state: ReleaseState = release;
      for (const report of reports) {
        const current = release.stores[report.storeId];
        // A report that would move a store backwards (a late file re-read) is not news.
        if (!current || current.state === 'distributed' || current.state === 'failed') continue;
        state = await decide(input, { type: 'RecordStoreState', data: { distributionId: input.distributionId, storeId: report.storeId, state: report.state, reason: report.reason, at } });
      }
      return { settled: storesSettled(state), pollAgainInMs };
    },

    async takeDown(input: ReleaseInput, reason: string): Promise<void> {
      const release = await read(input.distributionId);
      await decide(input, { type: 'RequestTakedown', data: { distributionId: input.distributionId, reason } });
      if (release.delivery) await distributor.takedown(release.delivery.deliveryId, reason);
      await decide(input, { type: 'RecordTakenDown', data: { distributionId: input.distributionId, at: new Date().toISOString() } });
    },

    /** The renewal could not be paid: the stores are told to take it down and the release lapses. */
    async lapse(input: ReleaseInput, reason: string): Promise<void> {
      const release = await read(input.distributionId);
      if (release.delivery) await distributor.takedown(release.delivery.deliveryId, reason);
      const at = new Date().toISOString();
      await decide(input, { type: 'RecordLapsed', data: { distributionId: input.distributionId, reason, at } });
      await decide(input, { type: 'RecordTakenDown', data: { distributionId: input.distributionId, at } });
    },
  };

  async function fail(input: ReleaseInput, step: 'fee' | 'package' | 'validation' | 'delivery', reason: string): Promise<StepResult> {
    await decide(input, { type: 'FailRelease', data: { distributionId: input.distributionId, step, reason: reason.slice(0, 1000) } });
    logger.warn({ distributionId: input.distributionId, step, reason }, 'release failed');
    return { ok: false, reason };
  }
}

export type ReleaseActivities = ReturnType<typeof createReleaseActivities>;
