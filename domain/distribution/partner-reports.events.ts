// Events of a delivery partner's sales reports (stream `partner-reports-<partnerId>`): each report
// file read from the partner's reporting folder is recorded once by its SHA-256, imported (handed
// to the payable statements) or refused (not a statement CSV), so the same bytes under another
// name are skipped before they reach the statements.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

export const PartnerReportImported = defineEvent(
  'PartnerReportImported',
  1,
  z.object({ partnerId: z.string().min(1), fileName: z.string().min(1), checksum: sha256, statementId: z.string().min(1), lines: z.number().int().nonnegative(), amountCents: z.number().int().nonnegative(), importedAt: z.iso.datetime() }),
);

export const PartnerReportRefused = defineEvent(
  'PartnerReportRefused',
  1,
  z.object({ partnerId: z.string().min(1), fileName: z.string().min(1), checksum: sha256, problems: z.array(z.string()).min(1), refusedAt: z.iso.datetime() }),
);

export const partnerReportEventDefinitions = [PartnerReportImported, PartnerReportRefused] as const;

type Recorded<D> = D extends { create(data: never): infer E } ? E : never;
export type PartnerReportEvent = Recorded<(typeof partnerReportEventDefinitions)[number]>;

export const partnerReportsStreamId = (partnerId: string) => `partner-reports-${partnerId}`;
