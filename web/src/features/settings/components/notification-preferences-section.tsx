// The settings page's Notification preferences: every kind of notification with an in-app and an
// e-mail switch. The kinds that ask the user to act are always shown in the app and are the only
// ones mailed (domain/contracts/notifications.ts), so the other kinds' e-mail switch is off and
// says so; without a confirmed address no switch can turn mail on, and the section says why. Links
// to /settings#notifications (the notifications page's) land on this section once it has loaded.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { z } from 'zod';
import {
  ACTION_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  notificationPreferencesResponseSchema,
  type NotificationKind,
  type NotificationPreferences,
} from '../../../../../domain/contracts/notifications';
import { PanelTitle } from '../../../components/ui/panel-title';
import { errorMessage } from '../../../lib/api-client';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/account';
import '../settings.css';

/** The fragment that links to this section: /settings#notifications. */
export const NOTIFICATION_PREFERENCES_ANCHOR = 'notifications';

type PreferencesAnswer = z.infer<typeof notificationPreferencesResponseSchema>;

export interface PreferenceRow {
  kind: NotificationKind;
  label: string;
  inApp: boolean;
  /** In app is fixed on: the kind asks the user to act. */
  inAppLocked: boolean;
  email: boolean;
  /** Why the e-mail switch cannot be changed, or null when it can. */
  emailLockedBecause: string | null;
}

/** One row per kind, in the contract's order, with what each switch shows and allows. */
export function preferenceRows(answer: PreferencesAnswer): PreferenceRow[] {
  return NOTIFICATION_KINDS.map((kind) => {
    const actionKind = ACTION_NOTIFICATION_KINDS.includes(kind);
    const chosen = answer.preferences[kind];
    const emailLockedBecause = !actionKind ? 'Shown in the app only' : answer.email === null ? 'Needs a confirmed address' : null;
    return {
      kind,
      label: NOTIFICATION_KIND_LABELS[kind],
      inApp: actionKind || chosen.inApp,
      inAppLocked: actionKind,
      email: actionKind && answer.email !== null && chosen.email,
      emailLockedBecause,
    };
  });
}

/** The whole set with one switch changed, as PUT takes it. */
export function withChoice(preferences: NotificationPreferences, kind: NotificationKind, channel: 'inApp' | 'email', on: boolean): NotificationPreferences {
  return { ...preferences, [kind]: { ...preferences[kind], [channel]: on } };
}

export function NotificationPreferencesSection() {
  const answer = useNotificationPreferences();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const loaded = answer.status === 'success';
  // The browser scrolls to a fragment only if its element is there when the page opens; this one
  // renders later, so the section scrolls itself into view once its table is in.
  useEffect(() => {
    if (loaded && hash === `#${NOTIFICATION_PREFERENCES_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  return (
    <section ref={section} id={NOTIFICATION_PREFERENCES_ANCHOR} className="settings-section" aria-labelledby="settings-notifications">
      <PanelTitle id="settings-notifications" icon="pi-bell">
        Notification preferences
      </PanelTitle>
      {answer.status === 'pending' && <p className="muted">Loading your preferences…</p>}
      {answer.status === 'error' && <Message severity="error" text={`Your preferences could not be loaded: ${errorMessage(answer.error, 'try again later')}`} />}
      {answer.status === 'success' && <PreferencesTable answer={answer.data} />}
    </section>
  );
}

function PreferencesTable({ answer }: { answer: PreferencesAnswer }) {
  const save = useSaveNotificationPreferences();
  const choose = (kind: NotificationKind, channel: 'inApp' | 'email', on: boolean) => save.mutate(withChoice(answer.preferences, kind, channel, on));
  return (
    <>
      <p className="muted">
        What asks you to act (a dispute against your work, evidence requested, a deadline, an invitation, news on a support ticket) is always shown here and is the only kind mailed.
      </p>
      {answer.email === null ? (
        <Message severity="info" text="E-mail is off: add and confirm an address above to receive mail." />
      ) : (
        <p className="muted">
          Mail goes to {answer.email}
          {answer.mailTransport === 'outbox' ? ', but this server sends no e-mail: mail is kept for an operator to pass on.' : '.'}
        </p>
      )}
      {save.isError && <Message severity="error" text={errorMessage(save.error, 'Your choice could not be saved')} />}
      <table className="settings-preferences">
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">In app</th>
            <th scope="col">E-mail</th>
          </tr>
        </thead>
        <tbody>
          {preferenceRows(answer).map((row) => (
            <tr key={row.kind}>
              <th scope="row">{row.label}</th>
              <td>
                <Checkbox
                  inputId={`pref-${row.kind}-app`}
                  checked={row.inApp}
                  disabled={row.inAppLocked || save.isPending}
                  aria-label={`${row.label}: in app${row.inAppLocked ? ' (always on)' : ''}`}
                  onChange={(e) => choose(row.kind, 'inApp', e.checked === true)}
                />
                {row.inAppLocked && <small className="muted settings-preferences__note">Always</small>}
              </td>
              <td>
                <Checkbox
                  inputId={`pref-${row.kind}-email`}
                  checked={row.email}
                  disabled={row.emailLockedBecause !== null || save.isPending}
                  aria-label={`${row.label}: by e-mail${row.emailLockedBecause ? ` (${row.emailLockedBecause.toLowerCase()})` : ''}`}
                  onChange={(e) => choose(row.kind, 'email', e.checked === true)}
                />
                {row.emailLockedBecause && <small className="muted settings-preferences__note">{row.emailLockedBecause}</small>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
