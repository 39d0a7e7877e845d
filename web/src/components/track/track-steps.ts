// The track's steps as every view names and draws them: the vault card's chips (the server's
// lifecycle steps), the workflow card's five-step strip and the progress sidebar all read their
// labels and icons here, so a step looks the same wherever it appears; the mastering steps and the
// oracle's stages draw their states with the same icons.
import type { IntakeStep, LifecycleStage, WorkflowStep } from '../../../../domain/track/lifecycle';

export type TrackStepName = IntakeStep | LifecycleStage | WorkflowStep;

export interface TrackStepDisplay {
  /** The step's full name, as the workflow card's strip and panel title say it. */
  label: string;
  /** One word, where room is short: the vault card's chips and the sidebar. */
  short: string;
  /** A PrimeIcons class for the step itself (not its state). */
  icon: string;
}

export const TRACK_STEPS: Record<TrackStepName, TrackStepDisplay> = {
  // Intake is the step that makes the track exist: the sidebar calls it Creation.
  intake: { label: 'Creation', short: 'Creation', icon: 'pi-cloud-upload' },
  receive: { label: 'Receive', short: 'Receive', icon: 'pi-cloud-upload' },
  store: { label: 'Store', short: 'Store', icon: 'pi-database' },
  probe: { label: 'Probe', short: 'Probe', icon: 'pi-search' },
  master: { label: 'Master Track', short: 'Mastering', icon: 'pi-sliders-h' },
  // The server's oracle step is the card's Copyright Check: one name for both.
  oracle: { label: 'Copyright Check', short: 'Copyright', icon: 'pi-shield' },
  copyright: { label: 'Copyright Check', short: 'Copyright', icon: 'pi-shield' },
  register: { label: 'Registration', short: 'Registration', icon: 'pi-verified' },
  certificate: { label: 'Certificate', short: 'Certificate', icon: 'pi-file-check' },
  vault: { label: 'Secure in Vault', short: 'Vault', icon: 'pi-lock' },
  contract: { label: 'Smart Contract', short: 'Contract', icon: 'pi-file-edit' },
  distribute: { label: 'Distribute', short: 'Distribution', icon: 'pi-send' },
};

const UNKNOWN_STEP_ICON = 'pi-circle-fill';

/** The display of a step the server names; a name this web app does not know yet is shown as sent. */
export function trackStepDisplay(name: string): TrackStepDisplay {
  return name in TRACK_STEPS ? TRACK_STEPS[name as TrackStepName] : { label: name, short: name, icon: UNKNOWN_STEP_ICON };
}

/** Where a step stands, in every view: held (the check held the track for review) and skipped (not needed) only where they apply. */
export type TrackStepState = 'completed' | 'running' | 'failed' | 'pending' | 'held' | 'skipped';

/** The icon of each state, drawn beside the step's name. */
export const STEP_STATE_ICONS: Record<TrackStepState, string> = {
  completed: 'pi-check-circle',
  running: 'pi-spin pi-spinner',
  failed: 'pi-times-circle',
  pending: 'pi-circle',
  held: 'pi-pause-circle',
  skipped: 'pi-minus-circle',
};

/** The same glyphs without their circle, for a marker that draws its own (the workflow card's strip); pending has none, the marker shows the step's number. */
export const STEP_STATE_MARKS: Record<Exclude<TrackStepState, 'held'>, string> = {
  completed: 'pi-check',
  running: 'pi-spin pi-spinner',
  failed: 'pi-times',
  pending: '',
  skipped: 'pi-minus',
};
