// The notifications page (/notifications): every notification of the user, newest first, filtered
// by status, kind and type and paged, with the same actions as the bell's menu and Mark all as
// read. The filters and the page live in the address, so a filtered view can be linked and the back
// button returns to the previous one. Preferences per kind are on the settings page.
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Paginator } from 'primereact/paginator';
import { SelectButton } from 'primereact/selectbutton';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TYPES,
  type NotificationList as NotificationPageData,
} from '../../../../../domain/contracts/notifications';
import { PanelTitle } from '../../../components/ui/panel-title';
import { useNow } from '../../../hooks/use-now';
import { errorMessage } from '../../../lib/api-client';
import { useCapability } from '../../../lib/capabilities';
import { useNotifications } from '../api/notifications';
import '../notifications.css';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasFilters,
  NOTIFICATION_STATUSES,
  notificationSearchParams,
  PAGE_SIZE,
  TYPE_DISPLAY,
  type NotificationFilters,
} from '../view';
import { NotificationList, type NotificationActions } from './notification-list';
import { useNotificationActions } from './use-notification-actions';

/** Where the settings page keeps the preferences per kind, in app and by mail. */
export const PREFERENCES_PATH = '/settings#notifications';

export function NotificationsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromParams(searchParams);
  const list = useNotifications(notificationSearchParams(filters));
  const actions = useNotificationActions();
  const now = useNow(60_000);
  const preferences = useCapability('account-settings').available;
  return (
    <NotificationsPageView
      filters={filters}
      onFilters={(next) => setSearchParams(filtersToParams(next))}
      status={list.status}
      data={list.data}
      error={list.error}
      now={now}
      showPreferences={preferences}
      {...actions}
    />
  );
}

interface NotificationsPageViewProps extends NotificationActions {
  filters: NotificationFilters;
  onFilters(filters: NotificationFilters): void;
  status: 'pending' | 'error' | 'success';
  data: NotificationPageData | undefined;
  error: unknown;
  now: Date;
  showPreferences: boolean;
  markAllRead(): void;
  markingAll: boolean;
}

export function NotificationsPageView({ filters, onFilters, status, data, error, now, showPreferences, markAllRead, markingAll, ...actions }: NotificationsPageViewProps) {
  const unread = data?.unread ?? 0;
  return (
    <section className="notifications-page" aria-labelledby="notifications-title">
      <div className="panel-header notifications-page__header">
        <div>
          <PanelTitle id="notifications-title" icon="pi-bell">
            Notifications
          </PanelTitle>
          <p className="muted">
            {data ? (unread === 0 ? 'Everything is read.' : `${unread} unread.`) : 'What happened to your work, your cases, your contracts and your sales.'}
            {showPreferences && (
              <>
                {' '}
                <Link to={PREFERENCES_PATH}>Choose which notifications you get, in app and by mail</Link>
              </>
            )}
          </p>
        </div>
        <Button label="Mark all as read" icon="pi pi-check-square" outlined onClick={markAllRead} disabled={unread === 0} loading={markingAll} />
      </div>
      <NotificationFiltersBar filters={filters} onChange={onFilters} />
      <NotificationResults
        status={status}
        data={data}
        error={error}
        now={now}
        filtered={hasFilters(filters)}
        onFirstPage={filters.page > 1 ? () => onFilters({ ...filters, page: 1 }) : undefined}
        {...actions}
      />
      {data && data.total > PAGE_SIZE && (
        <Paginator
          first={(filters.page - 1) * PAGE_SIZE}
          rows={PAGE_SIZE}
          totalRecords={data.total}
          onPageChange={(event) => onFilters({ ...filters, page: event.page + 1 })}
          template="PrevPageLink PageLinks NextPageLink CurrentPageReport"
          currentPageReportTemplate="{first}–{last} of {totalRecords}"
        />
      )}
    </section>
  );
}

const STATUS_OPTIONS = NOTIFICATION_STATUSES.map((value) => ({ label: value === 'all' ? 'All' : value === 'unread' ? 'Unread' : 'Read', value }));
const KIND_OPTIONS = [{ label: 'All kinds', value: null }, ...NOTIFICATION_KINDS.map((value) => ({ label: NOTIFICATION_KIND_LABELS[value], value }))];
const TYPE_OPTIONS = [{ label: 'All types', value: null }, ...NOTIFICATION_TYPES.map((value) => ({ label: TYPE_DISPLAY[value].label, value }))];

export function NotificationFiltersBar({ filters, onChange }: { filters: NotificationFilters; onChange(filters: NotificationFilters): void }) {
  const ids = useId();
  // A new filter starts again at the first page.
  const set = <K extends 'status' | 'kind' | 'type'>(key: K, value: NotificationFilters[K]) => onChange({ ...filters, [key]: value, page: 1 });
  return (
    <div className="notification-filters" role="search" aria-label="Filter notifications">
      <div className="field">
        <span id={`${ids}-status`}>Status</span>
        <SelectButton
          aria-labelledby={`${ids}-status`}
          value={filters.status}
          options={STATUS_OPTIONS}
          allowEmpty={false}
          onChange={(event) => set('status', event.value as NotificationFilters['status'])}
        />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-kind`}>Kind</label>
        <Dropdown inputId={`${ids}-kind`} panelClassName="notification-filter-panel" placeholder="All kinds" value={filters.kind} options={KIND_OPTIONS} onChange={(event) => set('kind', event.value as NotificationFilters['kind'])} />
      </div>
      <div className="field">
        <label htmlFor={`${ids}-type`}>Type</label>
        <Dropdown inputId={`${ids}-type`} panelClassName="notification-filter-panel" placeholder="All types" value={filters.type} options={TYPE_OPTIONS} onChange={(event) => set('type', event.value as NotificationFilters['type'])} />
      </div>
      {hasFilters(filters) && <Button label="Clear filters" icon="pi pi-filter-slash" text onClick={() => onChange(DEFAULT_FILTERS)} />}
    </div>
  );
}

interface NotificationResultsProps extends NotificationActions {
  status: 'pending' | 'error' | 'success';
  data: NotificationPageData | undefined;
  error: unknown;
  now: Date;
  filtered: boolean;
  /** Past the first page: the way back to it, for a page emptied by deletions. */
  onFirstPage?: () => void;
}

function NotificationResults({ status, data, error, now, filtered, onFirstPage, ...actions }: NotificationResultsProps) {
  if (status === 'pending') return <p className="muted notifications-page__state">Loading notifications...</p>;
  if (status === 'error' || !data) return <Message severity="error" text={`Notifications could not be loaded: ${errorMessage(error, 'Unknown error')}`} />;
  if (data.notifications.length === 0 && onFirstPage && data.total > 0) {
    return (
      <div className="notification-empty">
        <h3>Nothing left on this page</h3>
        <Button label="Go to the first page" text onClick={onFirstPage} />
      </div>
    );
  }
  if (data.notifications.length === 0) {
    return (
      <div className="notification-empty">
        <i className="pi pi-bell" aria-hidden="true" />
        <h3>{filtered ? 'No notifications match these filters' : 'No notifications yet'}</h3>
        <p className="muted">
          {filtered ? 'Clear the filters to see all of them.' : 'Cases about your work, deadlines, invitations, payouts and sales will show here as they happen.'}
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="muted">{data.total === 1 ? '1 notification' : `${data.total} notifications`}</p>
      <NotificationList notifications={data.notifications} now={now} {...actions} />
    </>
  );
}
