import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The suites that take 20 s or more, longest first, waiting ones (killed workers, Temporal) between
// CPU-bound ones (audio): started first, they overlap each other and the many short suites fill in
// after them, instead of one of them starting last and the other worker idling while it ends. On a
// fresh clone Vitest has no timings of its own to go by. A suite that grows past 20 s joins the list.
const SLOW = [
  'tests/corpus/oracle-accuracy.test.ts',
  'tests/integration/scale-out.test.ts',
  'tests/integration/worker-kill.test.ts',
  'tests/corpus/corpus-mastering.test.ts',
  'infra/audio/oracle.test.ts',
  'tests/integration/dispute-worker-kill.test.ts',
  'infra/audio/fingerprint.test.ts',
  'tests/integration/license-purchase-kill.test.ts',
  'infra/audio/mastering.test.ts',
  'workflows/release/workflow.test.ts',
  'projections/projector.test.ts',
  'tests/integration/projector-leadership.test.ts',
  'tests/integration/payout-worker-kill.test.ts',
  'workflows/track-lifecycle/workflow.test.ts',
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW.indexOf(path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/'));
      return index < 0 ? SLOW.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
