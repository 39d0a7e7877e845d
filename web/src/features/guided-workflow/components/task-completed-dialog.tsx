// The guided workflow's Task Completed dialog: after a track completes a step, says
// so and offers the next step (which switches the dashboard tab, the mastering studio with the
// track chosen) or Later (which dismisses).
// Steps complete while the creator may be busy elsewhere, so it opens at the bottom right of the
// main column (clear of the workflow sidebar, whose steps it reports) without a mask and without
// taking the focus: it never blocks or interrupts what they are doing. While the assistant chat's
// panel is open in that corner (it tells the same steps), the dialog waits; the latest task shows
// once the panel is put away.
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useEffect } from 'react';
import { assistantPanelOpenAtom } from '../../../lib/assistant-panel';
import { useChangeTab, type DashboardTab } from '../../../lib/dashboard-tabs';
import { selectedMasteringTrackIdAtom } from '../../../lib/mastering-selection';
import { completedTaskAtom } from '../atoms';
import '../guided-workflow.css';

/**
 * A dialog without a mask must not catch the Tab key: PrimeReact's Dialog always renders its focus
 * trap's two hidden tab stops, which would pull a keyboard user into this corner (and are focusable
 * elements hidden from screen readers). Taken out of the tab order once it is shown.
 */
function releaseFocusTrap(): void {
  for (const stop of document.querySelectorAll<HTMLElement>('.task-completed-dialog [data-pc-section$="focusableelement"]')) stop.tabIndex = -1;
}

export function TaskCompletedDialog() {
  const [completed, setCompleted] = useAtom(completedTaskAtom);
  const changeTab = useChangeTab();
  const assistantOpen = useAtomValue(assistantPanelOpenAtom);

  // A task reported for one signed-in session is not shown to the next.
  useEffect(() => () => setCompleted(null), [setCompleted]);

  const chooseMasteringTrack = useSetAtom(selectedMasteringTrackIdAtom);
  const dismiss = () => setCompleted(null);
  const goTo = (tab: DashboardTab) => {
    // The studio opens on the track the step is about, not on whichever was chosen before.
    if (tab === 'mastering' && completed) chooseMasteringTrack(completed.trackId);
    dismiss();
    changeTab(tab);
  };

  const next = completed?.next ?? null;
  return (
    <Dialog
      header="Task Completed"
      visible={completed !== null && !assistantOpen}
      onHide={dismiss}
      className="task-completed-dialog"
      maskClassName="task-completed-dialog-mask"
      position="bottom-right"
      modal={false}
      focusOnShow={false}
      onShow={releaseFocusTrap}
      draggable={false}
      resizable={false}
      footer={
        <div className="button-row task-completed__footer">
          <Button label={next ? 'Later' : 'Close'} outlined onClick={dismiss} />
          {next && <Button label={next.label} icon="pi pi-arrow-right" iconPos="right" onClick={() => goTo(next.tab)} />}
        </div>
      }
    >
      {completed && (
        <div className="task-completed" data-task={completed.task}>
          <i className="pi pi-check-circle task-completed__icon" aria-hidden="true" />
          <div>
            <p className="task-completed__message">{completed.message}</p>
            {completed.title && (
              <p className="task-completed__track">
                Track: <strong>{completed.title}</strong>
              </p>
            )}
            {completed.detail && <p className="muted small">{completed.detail}</p>}
            {next && (
              <p className="task-completed__next">
                <span className="muted">Next step:</span> {next.description}
              </p>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
