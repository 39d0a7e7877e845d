// The workflow progress sidebar: every track of the signed-in creator with its five
// steps (Creation, Mastering, Copyright, Vault, Distribution), its overall progress and current
// step; clicking a step opens the tab where that step is done. It reads the vault list and the
// releases (for the Distribution step), which the websocket keeps current. Generated tracks join
// once AI creation exists (there are none yet).
// A column of the dashboard grid that the main column makes room for; collapsible to the width of
// its toggle, and on narrow screens it opens over the page instead of squeezing it. On a phone the
// dashboard puts it in its menu drawer, where it is always open and has no toggle.
import { useAtom } from 'jotai';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { Skeleton } from 'primereact/skeleton';
import { useId } from 'react';
import type { Distribution } from '../../../../../domain/contracts/distribution';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { STEP_STATE_ICONS, type TrackStepState } from '../../../components/track/track-steps';
import { PHONE_LAYOUT, useMediaQuery } from '../../../hooks/use-media-query';
import { errorMessage } from '../../../lib/api-client';
import { useChangeTab } from '../../../lib/dashboard-tabs';
import { useDistributions } from '../../../lib/distribution/api/distribution';
import { releaseOf } from '../../../lib/distribution/labels';
import { useVault } from '../../../lib/track/api/get-vault';
import { sidebarCollapsedAtom } from '../atoms';
import { STEP_LABELS, trackProgress, type SidebarStep, type SidebarStepStatus } from '../sidebar-progress';
import '../workflow-sidebar.css';

const STATUS_TEXT: Record<SidebarStepStatus, string> = {
  completed: 'complete',
  in_progress: 'in progress',
  held: 'held for review',
  failed: 'failed',
  pending: 'pending',
  not_applicable: 'not needed',
};

const STATE_OF: Record<SidebarStepStatus, TrackStepState> = {
  completed: 'completed',
  in_progress: 'running',
  held: 'held',
  failed: 'failed',
  pending: 'pending',
  not_applicable: 'skipped',
};

export function WorkflowSidebar() {
  const changeTab = useChangeTab();
  const [foldedByChoice, setCollapsed] = useAtom(sidebarCollapsedAtom);
  const inDrawer = useMediaQuery(PHONE_LAYOUT);
  const collapsed = foldedByChoice && !inDrawer;
  // The same list (and cache entry) the vault tab shows.
  const vault = useVault({ enabled: true });
  const distributions = useDistributions({ enabled: true });
  const items = vault.data ?? [];
  const releases = distributions.data ?? [];
  const bodyId = useId();

  return (
    <aside className={`workflow-sidebar${collapsed ? ' workflow-sidebar--collapsed' : ''}`} aria-label="Workflow progress">
      <div className="workflow-sidebar__inner">
        <div className="workflow-sidebar__header">
          {!collapsed && <h2 className="workflow-sidebar__title">Workflow Progress</h2>}
          {!inDrawer && (
            <Button
              icon={`pi ${collapsed ? 'pi-angle-double-left' : 'pi-angle-double-right'}`}
              rounded
              text
              aria-label={collapsed ? 'Show workflow progress' : 'Hide workflow progress'}
              aria-expanded={!collapsed}
              aria-controls={bodyId}
              tooltip={collapsed ? 'Show workflow progress' : undefined}
              tooltipOptions={{ position: 'left' }}
              onClick={() => setCollapsed(!collapsed)}
            />
          )}
        </div>
        {collapsed ? (
          <div className="inset-box workflow-sidebar__count" title={`${items.length} ${items.length === 1 ? 'track' : 'tracks'}`}>
            <i className="pi pi-list-check" aria-hidden="true" />
            <span>{items.length}</span>
            <span className="visually-hidden"> {items.length === 1 ? 'track' : 'tracks'}</span>
          </div>
        ) : (
          <div id={bodyId} className="workflow-sidebar__body">
            {vault.isPending && (
              <div aria-busy="true" aria-label="Loading your tracks">
                <Skeleton height="5rem" className="workflow-sidebar__skeleton" />
                <Skeleton height="5rem" />
              </div>
            )}
            {vault.isError && <Message severity="error" text={`Your tracks could not be loaded: ${errorMessage(vault.error, 'unknown error')}`} />}
            {vault.isSuccess && items.length === 0 && (
              <div className="workflow-sidebar__empty">
                <p className="muted">No tracks yet. Upload one to follow it here from creation to distribution.</p>
                <Button label="Upload content" icon="pi pi-cloud-upload" size="small" outlined onClick={() => changeTab('upload')} />
              </div>
            )}
            {items.map((item) => (
              <SidebarTrack key={item.id} item={item} release={releaseOf(item.id, releases)} />
            ))}
          </div>
        )}
      </div>
    </aside>
  );
}

function SidebarTrack({ item, release }: { item: VaultItem; release: Distribution | null }) {
  const progress = trackProgress(item, release);
  const headingId = useId();
  return (
    <section className="sidebar-track" aria-labelledby={headingId} data-progress={progress.percent}>
      <div className="sidebar-track__head">
        <h3 id={headingId} className="sidebar-track__title">
          {item.title}
        </h3>
        <span className="sidebar-track__percent" aria-hidden="true">
          {progress.percent}%
        </span>
      </div>
      <ProgressBar value={progress.percent} showValue={false} className="sidebar-track__bar" aria-label={`${item.title}: ${progress.percent}% complete`} />
      <p className="sidebar-track__current muted">
        {progress.current ? (
          <>
            Current step: <strong>{STEP_LABELS[progress.current]}</strong>
          </>
        ) : (
          'Every step is complete'
        )}
      </p>
      <ol className="sidebar-steps" aria-label={`Steps of ${item.title}`}>
        {progress.steps.map((step) => (
          <SidebarStepItem key={step.id} step={step} current={progress.current === step.id} />
        ))}
      </ol>
    </section>
  );
}

function SidebarStepItem({ step, current }: { step: SidebarStep; current: boolean }) {
  const changeTab = useChangeTab();
  const hint = step.note ? `${step.label}: ${STATUS_TEXT[step.status]} (${step.note})` : `${step.label}: ${STATUS_TEXT[step.status]}`;
  return (
    <li className={`sidebar-step sidebar-step--${step.status}${current ? ' sidebar-step--current' : ''}`} data-step={step.id} data-status={step.status}>
      <button type="button" className="sidebar-step__button" title={`${hint}. Open the ${step.tab} tab`} aria-current={current ? 'step' : undefined} onClick={() => changeTab(step.tab)}>
        <i className={`pi ${STEP_STATE_ICONS[STATE_OF[step.status]]}`} aria-hidden="true" />
        <span>{step.label}</span>
        <span className="visually-hidden"> ({STATUS_TEXT[step.status]})</span>
      </button>
    </li>
  );
}
