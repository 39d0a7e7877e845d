// Given / when / then specifications of one data export: retried steps decide nothing, and a
// finished export stays finished.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { NotFoundError } from '../shared/errors';
import { accountExportDecider, type AccountExportCommand } from './account-export.decider';
import { AccountExportCompleted, AccountExportFailed, AccountExportProgressed, AccountExportRequested } from './account-export.events';

const exportId = '0f3c7a52-3f7e-4a55-9d6e-2b8f0d7c1a22';
const userId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const spec = deciderSpec(accountExportDecider);
const requested = AccountExportRequested.create({ exportId, userId, requestedAt: '2026-11-29T09:00:00.000Z', stepsTotal: 4 });
const step = (name: 'streams' | 'events' | 'documents' | 'archive'): AccountExportCommand => ({ type: 'ReportAccountExportStep', data: { exportId, step: name, detail: name } });
const completed = AccountExportCompleted.create({
  exportId,
  storedName: `account-export-${exportId}.zip`,
  sizeBytes: 10,
  sha256: 'a'.repeat(64),
  streamCount: 1,
  eventCount: 2,
  documentCount: 0,
  completedAt: '2026-11-29T09:01:00.000Z',
});

describe('account export decider', () => {
  it('given nothing, when requested, then it records the request with the number of steps', () => {
    expect(spec.when([], { type: 'RequestAccountExport', data: { exportId, userId, requestedAt: requested.data.requestedAt } })).toEqual([requested]);
  });

  it('given a step reported, when the same step is reported again (a retry), then nothing is decided', () => {
    const first = spec.when([requested], step('events'));
    expect(first).toEqual([AccountExportProgressed.create({ exportId, step: 'events', stepsDone: 2, detail: 'events' })]);
    expect(spec.when([requested, ...first], step('events'))).toEqual([]);
    expect(spec.when([requested, ...first], step('streams'))).toEqual([]);
  });

  it('given a completed export, when completed or failed again, then nothing is decided', () => {
    expect(spec.when([requested, completed], { type: 'CompleteAccountExport', data: completed.data })).toEqual([]);
    expect(spec.when([requested, completed], { type: 'FailAccountExport', data: { exportId, reason: 'x', failedAt: completed.data.completedAt } })).toEqual([]);
    expect(spec.given(requested, completed)).toMatchObject({ status: 'ready', stepsDone: 4 });
  });

  it('given a failed export, when a step is reported, then nothing is decided', () => {
    const failed = AccountExportFailed.create({ exportId, reason: 'disk full', failedAt: completed.data.completedAt });
    expect(spec.when([requested, failed], step('archive'))).toEqual([]);
  });

  it('given no request, when a step is reported, then it is refused as not found', () => {
    expect(() => spec.when([], step('streams'))).toThrow(NotFoundError);
  });
});
