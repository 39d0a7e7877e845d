// The widget message rules and the frame address.
import { describe, expect, it } from 'vitest';
import { INVALID_WIDGET_RESPONSE, readWidgetMessage, widgetFrameUrl } from './widget-messages';

const PROVIDER = 'https://pay.qxmp.example';
const success = { type: 'auth_success', user: { username: 'ada' }, wallet: { address: 'rWallet1' }, assertion: 'header.payload.signature' };

describe('readWidgetMessage', () => {
  it('ignores every message from another origin, however well formed', () => {
    for (const origin of ['https://evil.example', 'http://pay.qxmp.example', 'https://pay.qxmp.example.evil.example']) {
      expect(readWidgetMessage({ origin, data: success }, PROVIDER)).toEqual({ kind: 'ignore' });
    }
  });

  it('ignores unknown types and data that is no message', () => {
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'resize', height: 400 } }, PROVIDER)).toEqual({ kind: 'ignore' });
    expect(readWidgetMessage({ origin: PROVIDER, data: 'auth_success' }, PROVIDER)).toEqual({ kind: 'ignore' });
    expect(readWidgetMessage({ origin: PROVIDER, data: null }, PROVIDER)).toEqual({ kind: 'ignore' });
  });

  it('reads ready and auth_cancel', () => {
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'ready' } }, PROVIDER)).toEqual({ kind: 'ready' });
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'auth_cancel' } }, PROVIDER)).toEqual({ kind: 'cancel' });
  });

  it('completes sign-in on auth_success with user and wallet (an address or an object with one)', () => {
    expect(readWidgetMessage({ origin: PROVIDER, data: success }, PROVIDER)).toEqual({ kind: 'success', assertion: 'header.payload.signature', username: 'ada', wallet: 'rWallet1' });
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, wallet: 'rWallet2' } }, PROVIDER)).toMatchObject({ kind: 'success', wallet: 'rWallet2' });
  });

  it('turns auth_success without user, wallet or assertion into the invalid-response error', () => {
    const invalid = { kind: 'error', message: INVALID_WIDGET_RESPONSE };
    expect(INVALID_WIDGET_RESPONSE).toBe('Invalid authentication response from QXMP Pay');
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, user: undefined } }, PROVIDER)).toEqual(invalid);
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, user: {} } }, PROVIDER)).toEqual(invalid);
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, wallet: undefined } }, PROVIDER)).toEqual(invalid);
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, wallet: {} } }, PROVIDER)).toEqual(invalid);
    expect(readWidgetMessage({ origin: PROVIDER, data: { ...success, assertion: undefined } }, PROVIDER)).toEqual(invalid);
  });

  it('shows auth_error with the widget\'s message, or a general one', () => {
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'auth_error', error: 'Card declined' } }, PROVIDER)).toEqual({ kind: 'error', message: 'Card declined' });
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'auth_error', message: 'Wallet locked' } }, PROVIDER)).toEqual({ kind: 'error', message: 'Wallet locked' });
    expect(readWidgetMessage({ origin: PROVIDER, data: { type: 'auth_error' } }, PROVIDER)).toEqual({ kind: 'error', message: 'QXMP Pay could not sign you in' });
  });
});

describe('widgetFrameUrl', () => {
  it('loads the widget with mode=widget, the page origin and the nonce', () => {
    const url = new URL(widgetFrameUrl('https://pay.qxmp.example/widget?lang=en', 'https://goose.example', 'n0nce'));
    expect(url.origin + url.pathname).toBe('https://pay.qxmp.example/widget');
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'en', mode: 'widget', origin: 'https://goose.example', nonce: 'n0nce' });
  });
});
