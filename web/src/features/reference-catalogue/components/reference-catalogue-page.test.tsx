// What the reference catalogue shows of a delivery and of each file, read from the rendered HTML: a
// running delivery's n of m with its progress bar's accessible name, a failed file's reason, and a
// file matching a registered work with the review case opened (or why none could be).
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ReferenceDeliveryRecording } from '../../../../../domain/contracts/references';
import { DeliveryRow, RecordingRow } from './reference-catalogue-page';

const noop = () => undefined;
const recording = (overrides: Partial<ReferenceDeliveryRecording>): ReferenceDeliveryRecording => ({
  referenceId: 'r1',
  file: 'night.wav',
  title: 'Night Drive',
  artist: 'Ana',
  isrc: 'GBAYE2600001',
  status: 'indexed',
  reason: null,
  durationSeconds: 180,
  workMatches: [],
  caseNote: null,
  ...overrides,
});

describe('reference catalogue', () => {
  it('shows a running delivery as n of m with a named progress bar', () => {
    const html = renderToStaticMarkup(
      <DeliveryRow delivery={{ id: 'd1', via: 'sftp', folder: 'drop/2026-11', status: 'running', total: 40, indexed: 2, failed: 1, receivedAt: '2026-11-29T21:00:00.000Z', completedAt: null }} open={false} onToggle={noop} />,
    );
    expect(html).toContain('From the SFTP folder drop/2026-11');
    expect(html).toContain('Indexing: 3 of 40 processed, 1 failed');
    expect(html).toContain('aria-label="Delivery progress: 3 of 40 recordings processed"');
    expect(html).toContain('aria-expanded="false"');
  });

  it('shows a failed file\'s reason, and a matched work with its review case or why there is none', () => {
    expect(renderToStaticMarkup(<RecordingRow recording={recording({ status: 'failed', reason: 'The file "night.wav" could not be read as audio' })} />)).toContain('could not be read as audio');
    const withCase = renderToStaticMarkup(<RecordingRow recording={recording({ workMatches: [{ workId: 'w1', title: 'Registered', similarity: 97, disputeId: 'reference-r1-w1' }] })} />);
    expect(withCase).toContain('href="/dispute-management?dispute=reference-r1-w1"');
    expect(withCase).toContain('review case opened for you and its owner');
    const without = renderToStaticMarkup(<RecordingRow recording={recording({ workMatches: [{ workId: 'w1', title: 'Registered', similarity: 97, disputeId: null }], caseNote: 'No review case could be opened: …' })} />);
    expect(without).toContain('no review case opened');
    expect(without).toContain('No review case could be opened');
  });
});
