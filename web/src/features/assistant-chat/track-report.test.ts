// The chat's report of a track follows the server's state: each intake step, mastering step and
// oracle stage once, keyed by its run; the verdict with the oracle's own figures and passages.
import { describe, expect, it } from 'vitest';
import { copyrightCheck, vaultItem, workflowSteps } from '../../lib/track/vault-item.fixture';
import { intakeDone, trackReport } from './track-report';

describe('trackReport', () => {
  it('tells intake as far as the server has got', () => {
    const receiving = vaultItem({ workflow: { id: 'w', stage: 'intake', stageLabel: 'Intake', steps: [{ name: 'receive', status: 'completed' }, { name: 'store', status: 'running' }, { name: 'probe', status: 'pending' }], failureReason: null } });
    expect(trackReport(receiving).map((line) => line.text)).toEqual(['Received first-light.wav']);
    expect(intakeDone(receiving)).toBe(false);
    const probed = vaultItem();
    expect(trackReport(probed).map((line) => line.text)).toEqual(['Received first-light.wav', 'Stored in your vault', 'Read the audio: 3:04, WAV']);
    expect(intakeDone(probed)).toBe(true);
  });

  it('reports a cleared check with the records the oracle scanned and its score', () => {
    const check = copyrightCheck({
      checkId: 'c1',
      status: 'completed',
      verdict: 'cleared',
      clearanceScore: 100,
      recordsScanned: 1234,
      databasesChecked: 1,
      stages: copyrightCheck().stages.map((stage) => ({ ...stage, status: 'completed' as const })),
    });
    const lines = trackReport(vaultItem({ copyrightCheck: check, workflow: { ...vaultItem().workflow, steps: workflowSteps({ oracle: 'completed' }) } }));
    expect(lines.filter((line) => line.key.startsWith('check:c1:')).length).toBe(9);
    expect(lines.at(-1)).toEqual({
      key: 'check:c1:verdict',
      text: 'Copyright check: No match among the GOOSE works registered at the time (reference recordings and AcoustID were not searched then). (1,234 records scanned in 1 database; clearance score 100%)',
      tone: 'success',
    });
  });

  it('reports a hold with the passage in both works, then the review case it opened, with nothing to request', () => {
    const check = copyrightCheck({
      checkId: 'c2',
      status: 'completed',
      verdict: 'needs_review',
      passages: [{ workId: 't:c', title: 'Harbour Lights', owner: 'alice', registeredAt: '2026-03-12T00:00:00.000Z', kind: 'recording', similarity: 91.4, upload: { startSeconds: 12, endSeconds: 31 }, work: { startSeconds: 0, endSeconds: 19 } }],
    });
    const verdict = trackReport(vaultItem({ copyrightCheck: check })).find((line) => line.key === 'check:c2:verdict');
    expect(verdict?.tone).toBe('warn');
    expect(verdict?.text).toBe(
      'Copyright check: held for review — matches 0:12–0:31 of your track ↔ 0:00–0:19 of “Harbour Lights” by alice, registered 12 Mar 2026, recording, 91 % similar.',
    );
    const reviewing = trackReport(vaultItem({ copyrightCheck: { ...check, review: { disputeId: 'review-c2', openedAt: '2026-03-13T00:00:00.000Z', decision: null } } }));
    expect(reviewing.find((line) => line.key === 'check:c2:review-opened')?.text).toBe(
      'A reviewer is looking at it (case #review-c2); there is nothing for you to request. You can follow the case in Dispute Management.',
    );
  });

  it('reports each finished mastering step and the master\'s measured figures, keyed by the run', () => {
    const item = vaultItem({
      mastering: {
        masterId: 'm1',
        kind: 'master',
        running: false,
        steps: [{ step: 'audio analysis', description: '', progress: 100 }, { step: 'Complete', description: '', progress: 100 }],
        results: { lufs: -9.04, peak: -1.02, dynamicRange: 6.3, processing: [] },
        error: null,
      },
    });
    const lines = trackReport(item).filter((line) => line.key.startsWith('master:m1'));
    expect(lines.map((line) => line.text)).toEqual(['Mastering: audio analysis done', 'Mastered: -9.0 LUFS, -1.0 dBTP true peak, 6.3 LU range']);
  });

  it('reports a failed intake with the server\'s reason', () => {
    const failed = vaultItem({ workflow: { id: 'w', stage: 'intake', stageLabel: 'Intake', steps: [{ name: 'receive', status: 'completed' }, { name: 'store', status: 'completed' }, { name: 'probe', status: 'failed' }], failureReason: 'No readable audio' } });
    expect(trackReport(failed).at(-1)).toEqual({ key: 'intake:probe:failed', text: 'Intake failed: No readable audio', tone: 'error' });
  });
});
