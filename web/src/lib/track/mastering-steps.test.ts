import { describe, expect, it } from 'vitest';
import { foldMasteringSteps, MASTERING_STEPS } from './mastering-steps';

describe('mastering steps', () => {
  it('marks a step at 100 completed, one below 100 active, the rest pending', () => {
    const view = foldMasteringSteps([
      { step: 'audio analysis', description: 'Analysing', progress: 0 },
      { step: 'audio analysis', description: 'Analysed', progress: 100 },
      { step: 'EQ processing', description: 'Shaping EQ', progress: 50 },
    ]);
    expect(view.steps.map((step) => step.status)).toEqual(['completed', 'active', 'pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
    expect(view.overall).toBe(Math.round((1.5 / MASTERING_STEPS.length) * 100));
    expect(view.latest).toBe('Shaping EQ');
    expect(view.completed).toBe(false);
  });

  it('ends at 100 on Complete and reports the reason of an Error step', () => {
    const complete = foldMasteringSteps([...MASTERING_STEPS.map((step) => ({ step, description: step, progress: 100 })), { step: 'Complete', description: 'Done', progress: 100 }]);
    expect(complete.overall).toBe(100);
    expect(complete.completed).toBe(true);
    expect(complete.steps).toHaveLength(MASTERING_STEPS.length);

    const failed = foldMasteringSteps([
      { step: 'audio analysis', description: 'Analysing', progress: 0 },
      { step: 'Error', description: 'The file has no audio stream', progress: 0 },
    ]);
    expect(failed.error).toBe('The file has no audio stream');
    expect(failed.completed).toBe(false);
    expect(failed.overall).toBe(0);
  });

  it('caps progress at 100', () => {
    const view = foldMasteringSteps([{ step: 'limiting', description: '', progress: 250 }]);
    expect(view.steps.find((step) => step.name === 'limiting')?.status).toBe('completed');
    expect(view.overall).toBeLessThanOrEqual(100);
  });
});
