// What the data export and account deletion sections show, read from their rendered HTML: an
// export's steps while it runs and its download once ready (and a failure's reason), the start
// button off while one runs; deletion's consequences said plainly (the append-only store
// included), each blocker's reason with the button off, and the confirmation form's fields.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DELETION_CONSEQUENCES, type AccountExport } from '../../../../../domain/contracts/account-data';
import { exportProgressLabel, formatBytes } from '../labels';
import { DeleteAccountForm, DeleteAccountView } from './delete-account-section';
import { ExportDataView } from './export-data-section';

const noop = () => undefined;

function anExport(overrides: Partial<AccountExport> = {}): AccountExport {
  return {
    id: '0f3c7a52-3f7e-4a55-9d6e-2b8f0d7c1a22',
    status: 'running',
    stepsDone: 1,
    stepsTotal: 4,
    lastStep: 'streams',
    detail: '12 streams of yours found',
    requestedAt: '2026-11-29T09:00:00.000Z',
    completedAt: null,
    sizeBytes: null,
    eventCount: null,
    documentCount: null,
    failureReason: null,
    downloadUrl: null,
    ...overrides,
  };
}

describe('export my data', () => {
  it('shows a running export\'s step and progress, and keeps the start button off', () => {
    const html = renderToStaticMarkup(<ExportDataView status="success" exports={[anExport()]} starting={false} onStart={noop} />);
    expect(html).toContain('Step 2 of 4: Collecting your events');
    expect(html).toContain('12 streams of yours found');
    expect(html).toContain('aria-label="Export progress: 1 of 4 steps done"');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Export in progress…/);
  });

  it('offers the download of a ready export with what it holds, and a new export', () => {
    const ready = anExport({ status: 'ready', stepsDone: 4, lastStep: 'archive', sizeBytes: 2048, eventCount: 120, documentCount: 3, downloadUrl: '/api/account/exports/x/download' });
    const html = renderToStaticMarkup(<ExportDataView status="success" exports={[ready]} starting={false} onStart={noop} />);
    expect(html).toContain('href="/api/account/exports/x/download"');
    expect(html).toContain('120 events · 3 documents · 2.0 KB');
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(html).toContain('Export my data');
  });

  it('says why an export failed, and why the list could not be loaded', () => {
    expect(exportProgressLabel(anExport({ status: 'failed', failureReason: 'The archive could not be built: disk full' }))).toBe('Failed: The archive could not be built: disk full');
    const html = renderToStaticMarkup(<ExportDataView status="error" exports={[]} loadError={new Error('500: {"error":"Database unavailable"}')} starting={false} onStart={noop} />);
    expect(html).toContain('Your exports could not be loaded: Database unavailable');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('delete my account', () => {
  it('lists what is removed and what stays, the append-only store included', () => {
    const html = renderToStaticMarkup(<DeleteAccountView status="success" deletion={{ canDelete: true, blockers: [], username: 'ada' }} onAskToDelete={noop} />);
    for (const line of [...DELETION_CONSEQUENCES.removed, ...DELETION_CONSEQUENCES.kept]) expect(html).toContain(line.replaceAll('"', '&quot;'));
    expect(html).toContain('append-only');
    expect(html).not.toMatch(/<button[^>]*disabled[^>]*>.*Delete my account/);
  });

  it('shows each blocker with its reason and keeps the button off', () => {
    const blockers = [
      { kind: 'open_disputes' as const, reason: '1 dispute you filed or that concern your work is still open.' },
      { kind: 'token_balance' as const, reason: 'Your token balance is 5 tokens. Spend or withdraw it first.' },
    ];
    const html = renderToStaticMarkup(<DeleteAccountView status="success" deletion={{ canDelete: false, blockers, username: 'ada' }} onAskToDelete={noop} />);
    expect(html).toContain('Your account cannot be deleted yet');
    for (const blocker of blockers) expect(html).toContain(blocker.reason);
    expect(html).toMatch(/<button[^>]*disabled[^>]*>.*Delete my account…/);
  });

  it('asks for the password and the username typed out, with Delete off until both are given', () => {
    const html = renderToStaticMarkup(<DeleteAccountForm username="ada.lovelace" deleting={false} onDelete={noop} onCancel={noop} />);
    expect(html).toContain('Your password');
    expect(html).toContain('type="password"');
    expect(html).toContain('Type your username, <strong>ada.lovelace</strong>, to confirm');
    expect(html).toMatch(/<button aria-label="Delete my account"[^>]*disabled=""[^>]*type="submit"/);
    const refused = renderToStaticMarkup(<DeleteAccountForm username="ada" deleting={false} error={new Error('403: {"error":"That is not your password"}')} onDelete={noop} onCancel={noop} />);
    expect(refused).toContain('That is not your password');
  });
});
