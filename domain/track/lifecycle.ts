// The named stages of a track's lifecycle, in order. Intake is built; the later stages are filled
// in by later work (mastering, the copyright oracle, XRPL registration, ...).
export const LIFECYCLE_STAGES = [
  'intake',
  'master',
  'oracle',
  'register',
  'certificate',
  'vault',
  'contract',
  'distribute',
] as const;
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number];

/** The steps of the intake stage, in the order they run. */
export const INTAKE_STEPS = ['receive', 'store', 'probe'] as const;
export type IntakeStep = (typeof INTAKE_STEPS)[number];

export type StepStatus = 'pending' | 'running' | 'completed' | 'failed';
