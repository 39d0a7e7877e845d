import { describe, expect, it } from 'vitest';
import { INTAKE_STEPS, LIFECYCLE_STAGES, lifecycleSteps, WORKFLOW_STEPS } from '../../../../domain/track/lifecycle';
import { STEP_STATE_ICONS, STEP_STATE_MARKS, TRACK_STEPS, trackStepDisplay } from './track-steps';

const PRIMEICON = /^pi-[a-z-]+$/;

describe('the shared map of the track steps', () => {
  it.each([...INTAKE_STEPS, ...LIFECYCLE_STAGES, ...WORKFLOW_STEPS])('gives %s a label, a short label and an icon', (name) => {
    const step = TRACK_STEPS[name];
    expect(step.label.trim()).not.toBe('');
    expect(step.short.trim()).not.toBe('');
    expect(step.icon).toMatch(PRIMEICON);
  });

  it('knows every step the server lists for a track', () => {
    for (const { name } of lifecycleSteps(3)) expect(trackStepDisplay(name)).toBe(TRACK_STEPS[name as keyof typeof TRACK_STEPS]);
  });

  it('shows a step name it does not know as the server sent it', () => {
    expect(trackStepDisplay('publish')).toEqual({ label: 'publish', short: 'publish', icon: 'pi-circle-fill' });
  });

  it("names the server's oracle step and the card's copyright step alike", () => {
    expect(TRACK_STEPS.oracle).toEqual(TRACK_STEPS.copyright);
  });

  it('draws every state with an icon, and the same glyph in the circled and the marker form', () => {
    for (const icon of Object.values(STEP_STATE_ICONS)) expect(icon).not.toBe('');
    for (const [state, mark] of Object.entries(STEP_STATE_MARKS)) {
      if (mark) expect(STEP_STATE_ICONS[state as keyof typeof STEP_STATE_MARKS].startsWith(mark)).toBe(true);
    }
  });
});
