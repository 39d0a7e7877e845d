// The QXMP Pay widget's messages read into what the dialog does: accepted only
// from the provider's origin; ready, auth_success (needs user and wallet, and the signed
// assertion our server checks), auth_error and auth_cancel; any other type is ignored.

export const INVALID_WIDGET_RESPONSE = 'Invalid authentication response from QXMP Pay';
const WIDGET_ERROR_FALLBACK = 'QXMP Pay could not sign you in';

export type WidgetAction =
  | { kind: 'ignore' }
  | { kind: 'ready' }
  | { kind: 'success'; assertion: string; username: string; wallet: string }
  | { kind: 'error'; message: string }
  | { kind: 'cancel' };

const IGNORE: WidgetAction = { kind: 'ignore' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** What a message event from `origin` carrying `data` asks of the dialog, given the provider's origin. */
export function readWidgetMessage(message: { origin: string; data: unknown }, providerOrigin: string): WidgetAction {
  if (message.origin !== providerOrigin || !isRecord(message.data)) return IGNORE;
  const { data } = message;
  switch (data.type) {
    case 'ready':
      return { kind: 'ready' };
    case 'auth_success': {
      const user = isRecord(data.user) ? data.user : null;
      const username = text(user?.username);
      const wallet = isRecord(data.wallet) ? text(data.wallet.address) : text(data.wallet);
      const assertion = text(data.assertion);
      if (!username || !wallet || !assertion) return { kind: 'error', message: INVALID_WIDGET_RESPONSE };
      return { kind: 'success', assertion, username, wallet };
    }
    case 'auth_error':
      return { kind: 'error', message: text(data.error) ?? text(data.message) ?? WIDGET_ERROR_FALLBACK };
    case 'auth_cancel':
      return { kind: 'cancel' };
    default:
      return IGNORE;
  }
}

/** The frame's address: the widget with mode=widget, our page origin and the server's nonce. */
export function widgetFrameUrl(widgetUrl: string, pageOrigin: string, nonce: string): string {
  const url = new URL(widgetUrl);
  url.searchParams.set('mode', 'widget');
  url.searchParams.set('origin', pageOrigin);
  url.searchParams.set('nonce', nonce);
  return url.href;
}
