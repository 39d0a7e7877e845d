// docker-compose.yml cannot be started here (no Docker engine), so its shape is checked as data:
// every GOOSE container runs one role against the shared servers with the same settings, the API
// sits behind the proxy, and the servers it names are services of the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Service {
  image?: string;
  build?: string;
  command?: string[] | string;
  environment?: Record<string, string | number>;
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  volumes?: string[];
  ports?: string[];
  configs?: { source: string; target: string }[];
}

const file = path.join(import.meta.dirname, '..', 'docker-compose.yml');
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, Service>; configs: Record<string, { content: string }>; volumes: Record<string, unknown> };
const { services } = compose;
const goose = Object.entries(services).filter(([, service]) => service.build === '.');

const SHARED_SETTINGS = [
  'DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_BUCKET',
  'STORAGE_S3_REGION',
  'STORAGE_S3_ACCESS_KEY_ID',
  'STORAGE_S3_SECRET_ACCESS_KEY',
  'STORAGE_S3_FORCE_PATH_STYLE',
  'OPS_TOKEN',
];

describe('docker-compose.yml', () => {
  it('runs each role of the app image, two of each, every container with its GOOSE_ROLE', () => {
    expect(Object.fromEntries(goose.map(([name, service]) => [name, [service.environment?.GOOSE_ROLE, service.deploy?.replicas]]))).toEqual({
      api: ['api', 2],
      worker: ['worker', 2],
      projector: ['projector', 2],
    });
  });

  it('gives every role the same database, Temporal, object storage and operator token', () => {
    const settingsOf = (service: Service) => Object.fromEntries(SHARED_SETTINGS.map((name) => [name, service.environment?.[name]]));
    const [first, ...others] = goose.map(([, service]) => settingsOf(service));
    for (const name of SHARED_SETTINGS) expect(first![name], name).toBeTruthy();
    for (const settings of others) expect(settings).toEqual(first);
    expect(new URL(String(first!.DATABASE_URL)).hostname).toBe('postgres');
    expect(String(first!.TEMPORAL_ADDRESS).split(':')[0]).toBe('temporal');
    expect(new URL(String(first!.STORAGE_S3_ENDPOINT)).hostname).toBe('s3');
  });

  it("passes the shell's AcoustID key to every role, empty when unset (the checks then say AcoustID was not asked)", () => {
    for (const [name, service] of goose) expect(service.environment?.ACOUSTID_API_KEY, name).toBe('${ACOUSTID_API_KEY:-}');
  });

  it('starts the roles after the servers, with the keys shared and no data folder of their own', () => {
    for (const [name, service] of goose) {
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(['postgres', 's3-bucket', 'temporal']);
      expect(service.volumes, name).toEqual(['goose-keys:/app/data/keys']);
      expect(service.ports, `${name} is reached through the proxy only`).toBeUndefined();
    }
    expect(compose.volumes).toHaveProperty('goose-keys');
  });

  it('has the servers the roles name: Postgres, Temporal, SeaweedFS serving S3 and its bucket', () => {
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.temporal?.image).toMatch(/^temporalio\/auto-setup:/);
    expect(services.s3?.image).toBe('chrislusf/seaweedfs');
    expect(services.s3?.command).toEqual(expect.arrayContaining(['server', '-s3', '-s3.port=8333']));
    expect(String(services['s3-bucket']?.command)).toContain('create-bucket --bucket goose');
    const identities = JSON.parse(compose.configs['seaweedfs-s3']!.content) as { identities: { credentials: { accessKey: string; secretKey: string }[] }[] };
    const api = services.api!.environment!;
    expect(identities.identities[0]!.credentials[0]).toEqual({ accessKey: api.STORAGE_S3_ACCESS_KEY_ID, secretKey: api.STORAGE_S3_SECRET_ACCESS_KEY });
  });

  it('publishes the API through the proxy, which spreads over every API replica and trusts nothing else', () => {
    expect(services.proxy?.ports).toEqual(['3000:80']);
    expect(compose.configs.caddyfile!.content).toMatch(/dynamic a api 3000/);
    expect(services.api!.environment!.PORT).toBe(3000);
    expect(services.api!.environment!.TRUST_PROXY).toBe('1');
  });
});
