// The partner-reports schedule against Temporal's dev server and a real sshd on loopback: the
// workflow reads the reporting folder on its timer, so a report the partner drops later is handed
// to the payable statements port on a following read, once, and its renamed copy never is.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerReportsStreamId } from '../../domain/distribution/partner-reports.events';
import { eventRegistry } from '../../domain/registry';
import { pgliteDb, type Db } from '../../infra/db/db';
import { migrate } from '../../infra/db/migrate';
import type { DeliveryPartnerConfig } from '../../infra/distribution/partner-config';
import type { ImportPayableStatement } from '../../infra/distribution/partner-statements';
import { eventStoreMigrations, PostgresEventStore } from '../../infra/eventstore/postgres-event-store';
import { findTemporalCli } from '../../infra/temporal/dev-server';
import { partnerConfig, sshdPath, startSshd, type SshdServer } from '../../tests/support/sshd';
import { closedHistory, historyFile, keepHistory } from '../../tests/support/workflow-history';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../worker';
import { createPartnerReportActivities } from './activities';
import { partnerReportsWorkflowId } from './shared';

const cli = await findTemporalCli();
const REPORT = 'period,store,country,identifier,units,amount\n2026-10,spotify,US,USAB12600001,1200,480\n';

describe.skipIf(!cli || !sshdPath)(cli && sshdPath ? 'partner-reports schedule (Temporal dev server, real sshd)' : `partner-reports schedule (skipped: ${cli ? 'no sshd' : 'no Temporal CLI found'})`, () => {
  let env: TestWorkflowEnvironment;
  let server: SshdServer;
  let partner: DeliveryPartnerConfig;
  let db: Db;
  let eventStore: PostgresEventStore;
  let worker: Worker;
  let running: Promise<void>;
  const taskQueue = `partner-reports-test-${randomUUID()}`;
  const calls: Parameters<ImportPayableStatement>[0][] = [];
  const port: ImportPayableStatement = async (input) => {
    calls.push(input);
    return { statementId: `st-${calls.length}`, alreadyImported: false, lines: input.lines.length, matched: 0, unmatched: input.lines.length, amountCents: 480, message: 'imported' };
  };

  beforeAll(async () => {
    installTemporalRuntime();
    server = await startSshd();
    partner = partnerConfig(server);
    await mkdir(partner.folders.reports, { recursive: true });
    db = await pgliteDb();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
    env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path: cli!.path }, extraArgs: ['--dynamic-config-value', 'frontend.enableServerVersionCheck=false'] } });
    worker = await Worker.create({
      connection: env.nativeConnection,
      namespace: 'default',
      taskQueue,
      workflowBundle: await bundleTrackLifecycleWorkflows(),
      activities: createPartnerReportActivities({ eventStore, deliveryPartner: partner, partnerStatements: port }),
    });
    running = worker.run();
  }, 120_000);
  afterAll(async () => {
    if (worker?.getState() === 'RUNNING') worker.shutdown();
    await running;
    await env?.teardown();
    await eventStore?.close();
    await db?.close();
    await server?.close();
  });

  it('reads the folder on its timer: a report dropped later is imported once, its renamed copy never', async () => {
    const handle = await env.client.workflow.start('partnerReports', { taskQueue, workflowId: partnerReportsWorkflowId('acme'), args: [{ partnerId: 'acme', everyMs: 300 }] });
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(calls).toHaveLength(0);
      await writeFile(path.join(partner.folders.reports, 'acme_2026-10.csv'), REPORT);
      await expect.poll(() => calls.length, { timeout: 20_000, interval: 200 }).toBe(1);
      expect(calls[0]!.source).toMatchObject({ partnerId: 'acme', channel: 'partner_report', fileName: 'acme_2026-10.csv', importedBy: 'partner:acme' });
      await writeFile(path.join(partner.folders.reports, 'acme_2026-10_copy.csv'), REPORT);
      // Several more reads go by.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(calls).toHaveLength(1);
      expect((await eventStore.readStream(partnerReportsStreamId('acme'))).map((e) => e.type)).toEqual(['PartnerReportImported']);
    } finally {
      await handle.terminate('test over');
    }
  }, 60_000);

  it('replays a run of several reads (RECORD_WORKFLOW_HISTORIES=1 keeps it as the committed history)', async () => {
    const handle = await env.client.workflow.start('partnerReports', { taskQueue, workflowId: partnerReportsWorkflowId('acme'), args: [{ partnerId: 'acme', everyMs: 200 }] });
    await expect.poll(async () => (await handle.fetchHistory()).events!.filter((e) => e.timerFiredEventAttributes).length, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(2);
    await handle.terminate('recorded');
    const history = await closedHistory(handle);
    await keepHistory(historyFile('partner-reports', 'scheduled-reads'), history);
    await expect(Worker.runReplayHistory({ workflowBundle: await bundleTrackLifecycleWorkflows() }, history)).resolves.toBeUndefined();
  }, 60_000);
});
