// Events of a work's freeze (stream `work-freeze-<workId>`): which open cases hold the work's
// licensing frozen, and the license issues admitted while it was not. The stream is the one place
// a purchase and a freeze meet: an issue is admitted at the version read, so a freeze appended in
// between makes the admission fail and be decided again against the freeze.
import { z } from 'zod';
import { defineEvent } from '../shared/events';

const id = z.string().min(1).max(200);

/** A case froze the work: no offer, no change to one, no purchase while any case holds it. */
export const WorkFrozen = defineEvent('WorkFrozen', 1, z.object({ workId: id, disputeId: id }));

/** A case let go of the work; it stays frozen while another case holds it. */
export const WorkFreezeLifted = defineEvent('WorkFreezeLifted', 1, z.object({ workId: id, disputeId: id }));

/** A paid license of the work may be issued: it was admitted while no case held the work. */
export const WorkLicenseIssueAdmitted = defineEvent('WorkLicenseIssueAdmitted', 1, z.object({ workId: id, licenseId: id }));

/** An admitted license was issued or failed: a freeze no longer waits for it. */
export const WorkLicenseIssueSettled = defineEvent('WorkLicenseIssueSettled', 1, z.object({ workId: id, licenseId: id }));

export const workFreezeEventDefinitions = [WorkFrozen, WorkFreezeLifted, WorkLicenseIssueAdmitted, WorkLicenseIssueSettled] as const;

export type WorkFreezeEvent = ReturnType<(typeof workFreezeEventDefinitions)[number]['create']>;

export function workFreezeStreamId(workId: string): string {
  return `work-freeze-${workId}`;
}
