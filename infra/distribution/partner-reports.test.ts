// The partner's reporting folder on a real sshd (loopback): a report CSV is handed to the payable
// statements port once, with its source (partner_report, the file's SHA-256, partner:<id>); the
// same bytes under another name are skipped before reaching the port; a file that is not a
// statement is refused once with its problems; the port sees nothing a second time. Through the real
// payable import, a report's lines are claims that reach a contract only once the partner's funds
// for the period are recorded.
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerReportsStreamId } from '../../domain/distribution/partner-reports.events';
import { eventRegistry } from '../../domain/registry';
import { partnerConfig, sshdPath, startSshd, type SshdServer } from '../../tests/support/sshd';
import type { Db } from '../db/db';
import { pooledPglite } from '../../tests/support/pglite-pool';
import { migrate } from '../db/migrate';
import { eventStoreMigrations, PostgresEventStore } from '../eventstore/postgres-event-store';
import type { DeliveryPartnerConfig } from './partner-config';
import { collectPartnerReports } from './partner-reports';
import type { ImportPayableStatement } from './partner-statements';
import type { RoyaltyEarnings } from '../../domain/royalties/ports';
import { recordPartnerFunds } from '../royalties/reconciliation';
import { insertStandInRelease } from '../../tests/support/distributions-stand-in';
import { postgresReleaseLookup } from './release-lookup';
import { payableStatementImporter } from './statement-import';

const REPORT = 'period,store,country,identifier,units,amount\n2026-10,spotify,US,USAB12600001,1200,480\n2026-10,Apple Music,GB,123426000011,3,297\n';

/** The port's recording fake: every call kept, answering as the real import would for a new file. */
function recordingImport() {
  const calls: Parameters<ImportPayableStatement>[0][] = [];
  const port: ImportPayableStatement = async (input) => {
    calls.push(input);
    return { statementId: `st-${calls.length}`, alreadyImported: false, lines: input.lines.length, matched: input.lines.length, unmatched: 0, amountCents: input.lines.reduce((sum, l) => sum + l.amountCents, 0), message: 'imported' };
  };
  return { calls, port };
}

describe.skipIf(!sshdPath)(sshdPath ? 'partner sales reports (real sshd on loopback)' : 'partner sales reports (skipped: no sshd)', () => {
  let server: SshdServer;
  let partner: DeliveryPartnerConfig;
  let db: Db;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    server = await startSshd();
    partner = partnerConfig(server);
    await mkdir(partner.folders.reports, { recursive: true });
    db = await pooledPglite();
    await migrate(db, eventStoreMigrations);
    eventStore = new PostgresEventStore(db, eventRegistry);
  }, 30_000);
  afterAll(async () => {
    await eventStore?.close();
    await db?.close();
    await server?.close();
  });

  it('imports a report once with its source; the same file under another name is skipped before the port; a broken file is refused once', async () => {
    const { calls, port } = recordingImport();
    await writeFile(path.join(partner.folders.reports, 'acme_sales_2026-10.csv'), REPORT);
    const first = await collectPartnerReports({ partner, eventStore, importStatement: port });
    const checksum = createHash('sha256').update(REPORT).digest('hex');
    expect(first.imported).toEqual([{ fileName: 'acme_sales_2026-10.csv', checksum, statementId: 'st-1', lines: 2 }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.source).toEqual({ partnerId: 'acme', channel: 'partner_report', fileName: 'acme_sales_2026-10.csv', checksum, importedBy: 'partner:acme' });
    expect(calls[0]!.lines.map((l) => [l.store, l.identifier, l.amountCents])).toEqual([['spotify', 'USAB12600001', 480], ['apple_music', '123426000011', 297]]);

    // The partner re-sends the same report under a new name (and the old one stays): nothing reaches the port.
    await writeFile(path.join(partner.folders.reports, 'acme_sales_2026-10 (resent).csv'), REPORT);
    await writeFile(path.join(partner.folders.reports, 'notes.txt'), 'not a report');
    await writeFile(path.join(partner.folders.reports, 'broken.csv'), 'period,store\n2026-10,spotify\n');
    const second = await collectPartnerReports({ partner, eventStore, importStatement: port });
    expect(second.imported).toEqual([]);
    expect(second.skipped.sort()).toEqual(['acme_sales_2026-10 (resent).csv', 'acme_sales_2026-10.csv']);
    expect(second.refused).toEqual([{ fileName: 'broken.csv', problems: [expect.stringContaining('line 1')] }]);
    expect(calls).toHaveLength(1);

    const third = await collectPartnerReports({ partner, eventStore, importStatement: port });
    expect([third.imported, third.refused]).toEqual([[], []]);
    expect(calls).toHaveLength(1);
    expect((await eventStore.readStream(partnerReportsStreamId('acme'))).map((e) => e.type)).toEqual(['PartnerReportImported', 'PartnerReportRefused']);
    await rm(path.join(partner.folders.reports, 'broken.csv'));
  }, 30_000);

  it("through the real payable import, a report's lines pay nothing until the partner's funds are recorded", async () => {
    const release = await insertStandInRelease(db, { ownerId: 'creator-1', isrc: 'QZRPT2600001', songName: 'Night Drive' });
    const recorded: RoyaltyEarnings[] = [];
    const earnings = { record: async (e: RoyaltyEarnings) => (recorded.push(e), { contractId: `contract-of-${e.contentId}` }) };
    const importStatement = payableStatementImporter({ eventStore, releases: postgresReleaseLookup(db), earnings });
    await writeFile(path.join(partner.folders.reports, 'acme_sales_2026-11.csv'), 'period,store,country,identifier,units,amount\n2026-11,spotify,US,QZRPT2600001,100,1234\n');
    const collected = await collectPartnerReports({ partner, eventStore, importStatement });
    expect(collected.imported.map((r) => r.fileName)).toEqual(['acme_sales_2026-11.csv']);
    expect(recorded).toEqual([]);

    const funded = await recordPartnerFunds({ eventStore, earnings }, { partnerId: 'acme', period: '2026-11', amountCents: 1234, reference: 'ACME-NOV', recordedBy: 'operator:test' }, { correlationId: 'test', actor: 'operator:test' });
    expect(funded.reconciliation).toMatchObject({ claimedCents: 1234, releasedCents: 1234, deliveredCents: 1234 });
    expect(recorded.map((e) => [e.contentId, e.amountCents, e.source])).toEqual([[release.contentId, 1234, 'distribution_statement']]);
    await rm(path.join(partner.folders.reports, 'acme_sales_2026-11.csv'));
  }, 30_000);
});
