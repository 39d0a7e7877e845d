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

describe('the support agent generator settings', () => {
  it('is off without SUPPORT_LLM_BASE_URL, and needs the model when the URL is set', () => {
    expect(loadConfig({}).supportLlm).toBeNull();
    expect(loadConfig({ SUPPORT_LLM_BASE_URL: 'http://127.0.0.1:8080/v1', SUPPORT_LLM_MODEL: 'grounded-7b' }).supportLlm).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'grounded-7b',
      apiKey: null,
      timeoutMs: 8000,
    });
    expect(() => loadConfig({ SUPPORT_LLM_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/SUPPORT_LLM_MODEL must name the model/);
  });

  it('refuses a URL that is not http(s), a timeout out of range, and a model without a URL', () => {
    expect(() => loadConfig({ SUPPORT_LLM_BASE_URL: 'ftp://x', SUPPORT_LLM_MODEL: 'm' })).toThrow(/SUPPORT_LLM_BASE_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ SUPPORT_LLM_BASE_URL: 'http://x', SUPPORT_LLM_MODEL: 'm', SUPPORT_LLM_TIMEOUT_MS: '5' })).toThrow(/SUPPORT_LLM_TIMEOUT_MS must be/);
    expect(() => loadConfig({ SUPPORT_LLM_MODEL: 'm' })).toThrow(/need SUPPORT_LLM_BASE_URL/);
    expect(loadConfig({ SUPPORT_LLM_BASE_URL: 'https://llm.example/v1', SUPPORT_LLM_MODEL: 'm', SUPPORT_LLM_API_KEY: 'sk', SUPPORT_LLM_TIMEOUT_MS: '2500' }).supportLlm).toMatchObject({ apiKey: 'sk', timeoutMs: 2500 });
  });
});

describe('the object storage settings', () => {
  it('keeps files on the disk with neither STORAGE_S3_ENDPOINT nor STORAGE_S3_BUCKET', () => {
    expect(loadConfig({}).storage).toBeNull();
  });

  it('reads the endpoint, bucket and keys, with us-east-1 and path-style addressing by default', () => {
    expect(loadConfig({ STORAGE_S3_ENDPOINT: 'http://127.0.0.1:8333', STORAGE_S3_BUCKET: 'goose', STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 'secret' }).storage).toEqual({
      endpoint: 'http://127.0.0.1:8333',
      bucket: 'goose',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', STORAGE_S3_BUCKET: 'goose', STORAGE_S3_REGION: 'eu-west-1', STORAGE_S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({
      region: 'eu-west-1',
      credentials: null,
      forcePathStyle: false,
    });
  });

  it('refuses half a setting in words', () => {
    expect(() => loadConfig({ STORAGE_S3_BUCKET: 'goose' })).toThrow('STORAGE_S3_ENDPOINT and STORAGE_S3_BUCKET must be set together');
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: 's3.local', STORAGE_S3_BUCKET: 'goose' })).toThrow(/STORAGE_S3_ENDPOINT must be an absolute/);
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: 'http://s3.local', STORAGE_S3_BUCKET: 'goose', STORAGE_S3_ACCESS_KEY_ID: 'id' })).toThrow(/must be set together/);
    expect(() => loadConfig({ STORAGE_S3_ENDPOINT: 'http://s3.local', STORAGE_S3_BUCKET: 'goose', STORAGE_S3_FORCE_PATH_STYLE: 'yes' })).toThrow('STORAGE_S3_FORCE_PATH_STYLE must be true or false, got yes');
  });
});
