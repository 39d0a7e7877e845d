// Reading the QXMP Pay settings from the environment (KEY: the base64 of a raw Ed25519 public key).
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const KEY = 'TndHa4af65MrNm8ySka2TioSyKP8OEK3nJ0zXES4QjY=';

describe('QXMP Pay configuration', () => {
  it('is off with neither variable', () => {
    expect(loadConfig({}).qxmpPay).toBeNull();
  });

  it('takes the origin of QXMP_PAY_ORIGIN and puts the widget at /widget unless QXMP_PAY_WIDGET_URL says otherwise', () => {
    expect(loadConfig({ QXMP_PAY_ORIGIN: 'https://pay.qxmp.example/', QXMP_PAY_PUBLIC_KEY: KEY }).qxmpPay).toEqual({
      origin: 'https://pay.qxmp.example',
      widgetUrl: 'https://pay.qxmp.example/widget',
      publicKey: KEY,
    });
    expect(
      loadConfig({ QXMP_PAY_ORIGIN: 'https://pay.qxmp.example', QXMP_PAY_PUBLIC_KEY: KEY, QXMP_PAY_WIDGET_URL: 'https://widgets.qxmp.example/sign-in' }).qxmpPay?.widgetUrl,
    ).toBe('https://widgets.qxmp.example/sign-in');
  });

  it('refuses one variable without the other, and an origin that is no http(s) URL', () => {
    expect(() => loadConfig({ QXMP_PAY_ORIGIN: 'https://pay.qxmp.example' })).toThrow(/must be set together/);
    expect(() => loadConfig({ QXMP_PAY_PUBLIC_KEY: KEY })).toThrow(/must be set together/);
    expect(() => loadConfig({ QXMP_PAY_ORIGIN: 'pay.qxmp.example', QXMP_PAY_PUBLIC_KEY: KEY })).toThrow(/QXMP_PAY_ORIGIN must be an absolute/);
  });
});
