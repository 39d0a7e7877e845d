// The data export's activities. `buildAccountArchive` finds the user's streams through the read
// models (infra/account-data/owned-records.ts), reads their events, renders their documents and
// writes the zip into the file store under `account-export-<exportId>.zip`; each step is recorded
// on the export's stream (ids derived from the workflow, so a retried attempt adds nothing), which
// is how the settings page shows progress. The zip is written beside its final name and renamed,
// so a download never sees half a file.
import { createHash } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { Context } from '@temporalio/activity';
import { accountExportDecider, type AccountExportCommand } from '../../domain/account-data/account-export.decider';
import { accountExportStreamId, type AccountExportStep } from '../../domain/account-data/account-export.events';
import type { UserNames } from '../../domain/identity/ports';
import { archiveFiles, documentsOf, readmeText, zipArchive, type ArchiveStream } from '../../infra/account-data/archive';
import { ownedStreams } from '../../infra/account-data/owned-records';
import type { Queryable } from '../../infra/db/db';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import type { ContentStorage } from '../../infra/storage/storage';
import { currentWorkflowIdOrNull } from '../activity-context';
import { deterministicEventId } from '../track-lifecycle/activities';
import type { AccountExportInput } from './shared';

export interface AccountExportActivityDeps {
  eventStore: EventStore;
  db: Queryable;
  storage: ContentStorage;
  userNames: UserNames;
}

export function accountExportFileName(exportId: string): string {
  return `account-export-${exportId}.zip`;
}

function heartbeat(): void {
  try {
    Context.current().heartbeat();
  } catch {
    // Outside an activity (the in-process runner) there is no one to tell.
  }
}

export function createAccountExportActivities({ eventStore, db, storage, userNames }: AccountExportActivityDeps) {
  const record = async (input: AccountExportInput, key: string, command: AccountExportCommand) => {
    const workflowId = currentWorkflowIdOrNull();
    await handleCommand(eventStore, accountExportStreamId(input.exportId), accountExportDecider, command, {
      correlationId: input.correlationId,
      actor: input.actor,
      workflowId,
      eventIds: workflowId ? (index) => deterministicEventId(workflowId, key, index) : undefined,
    });
  };
  const step = (input: AccountExportInput, name: AccountExportStep, detail: string) =>
    record(input, `accountExportStep:${name}`, { type: 'ReportAccountExportStep', data: { exportId: input.exportId, step: name, detail } });

  return {
    async buildAccountArchive(input: AccountExportInput): Promise<{ storedName: string }> {
      const owned = await ownedStreams(db, input.userId);
      await step(input, 'streams', `${owned.length} streams of yours found`);

      const streams: ArchiveStream[] = [];
      for (const stream of owned) {
        streams.push({ ...stream, events: await eventStore.readStream(stream.streamId) });
        heartbeat();
      }
      const present = streams.filter((stream) => stream.events.length > 0);
      const eventCount = present.reduce((sum, stream) => sum + stream.events.length, 0);
      await step(input, 'events', `${eventCount} events from ${present.length} streams`);

      const documents = await documentsOf(present);
      await step(input, 'documents', `${documents.length} documents rendered`);

      const exportedAt = new Date().toISOString();
      const username = (await userNames.nameOf(input.userId)) ?? input.userId;
      const zip = zipArchive(archiveFiles(readmeText({ username, exportedAt, streams: present, documents }), present, documents));
      const storedName = accountExportFileName(input.exportId);
      const finalPath = storage.workingPath(storedName);
      const partialPath = `${finalPath}.part`;
      try {
        await writeFile(partialPath, zip);
        await rename(partialPath, finalPath);
      } finally {
        await rm(partialPath, { force: true });
      }
      await storage.save(storedName);
      await step(input, 'archive', `${(zip.byteLength / 1024).toFixed(1)} KB written`);
      await record(input, 'accountExportComplete', {
        type: 'CompleteAccountExport',
        data: {
          exportId: input.exportId,
          storedName,
          sizeBytes: zip.byteLength,
          sha256: createHash('sha256').update(zip).digest('hex'),
          streamCount: present.length,
          eventCount,
          documentCount: documents.length,
          completedAt: exportedAt,
        },
      });
      return { storedName };
    },

    async failAccountExport(input: AccountExportInput, reason: string): Promise<void> {
      await record(input, 'accountExportFail', { type: 'FailAccountExport', data: { exportId: input.exportId, reason, failedAt: new Date().toISOString() } });
    },
  };
}

export type AccountExportActivities = ReturnType<typeof createAccountExportActivities>;
