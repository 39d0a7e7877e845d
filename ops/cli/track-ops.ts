// `npm run ops -- <command>`: an operator's view of one track's lifecycle, and hand on it.
//
//   history <trackId> [--at <version>] [--json]    the track's events and its state after event N
//   replay <trackId> [--temporal <address>]        replays every run of the track's workflow against
//   replay --history-file <file> [<trackId>]       the current workflow code: is it still deterministic?
//   retry-registration <trackId> [--note <text>] [--operator <name>] [--temporal <address>]
//                                                  an operator's retry of a failed ledger step
//   outbox [--to <email>] [--last <n>] [--show <id>] [--json]
//                                                  the mail written to data/outbox/ (ops/cli/outbox.ts)
//   grant-role <username> <role> / revoke-role <username> <role>
//                                                  reviewer, auditor, operator, support, rights_holder (ops/cli/roles.ts)
//   ledger-failures [--json]                       failed ledger steps across all users (ops/cli/operations.ts)
//   workflows [--temporal <address>] [--json]      stuck or failing workflows in Temporal
//   import-statement --partner <id> <file.csv>     a delivery partner's statement as payable (ops/cli/statements.ts)
//   record-funds --partner <id> --period <YYYY-MM> --amount-cents <n> --reference <ref>
//                                                  what the partner actually paid for the period
//
// Results go to stdout, logs to stderr. Exit codes: 0 done; 1 an error, a replay that is not
// deterministic or a retry the ledger failed again; 2 a bad command line or a refused retry.
//
// The event store and the vault read model are the configured database: DATABASE_URL, else the
// embedded PGlite under DATA_DIR, which only one process may open (stop `npm start` first; with the
// app running, retry with --api <app url>, which goes through POST /api/ops/tracks/<id>/retry-registration). Temporal is --temporal,
// else TEMPORAL_ADDRESS, else localhost:7233 (`npm start` logs the embedded server's address). A
// retried registration's certificate links to PUBLIC_URL, else http://localhost:PORT.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { Client, Connection } from '@temporalio/client';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
// A CommonJS module whose exports Node's ESM loader cannot name: import it whole.
import proto from '@temporalio/proto';
import { Worker, type History } from '@temporalio/worker';
import { retryFailedRegistration, temporalLifecycleClient, type RetryResult, type TrackLifecycleClient } from '../../workflows/track-lifecycle/client';
import type { StepProgress } from '../../domain/track/lifecycle';
import { currentStage, workflowSteps } from '../../domain/track/progress';
import { NotFoundError } from '../../domain/shared/errors';
import { evolveTrack, initialTrackState, type TrackState } from '../../domain/track/track.decider';
import { trackStreamId, type TrackEvent } from '../../domain/track/track.events';
import { readOpsToken, opsTokenPath } from '../../infra/auth/ops-token';
import { loadConfig, type Config } from '../../infra/config';
import type { Queryable } from '../../infra/db/db';
import type { EventStore, RecordedEvent } from '../../infra/eventstore/event-store';
import { lifecycleMigrations, openPlatform, type Platform } from '../../infra/platform';
import { bundleTrackLifecycleWorkflows, installTemporalRuntime } from '../../workflows/worker';
import { trackLifecycleWorkflowId, type RegisterOutcomeValue } from '../../workflows/track-lifecycle/shared';
import { fail } from './command-line';
import { outboxCommand } from './outbox';
import { cliGrantor, formatRoleChange, parseRoleArgs, roleChangeThroughApi, roleCommand, ROLES_USAGE } from './roles';
import { formatLedgerFailures, formatWorkflows } from './operations';
import {
  importStatementOnStore,
  importStatementThroughApi,
  parseImportStatementArgs,
  parseRecordFundsArgs,
  recordFundsOnStore,
  recordFundsThroughApi,
} from './statements';
import { LEDGER_FAILURE_NOTES, listLedgerFailures } from '../../projections/operations/queries';
import { findTrack } from '../../projections/vault/queries';
import { temporalWorkflowMonitor } from '../../infra/temporal/workflow-monitor';

const USAGE = `usage: npm run ops -- <command>
  history <trackId> [--at <streamVersion>] [--json]
  replay <trackId> [--temporal <address>]
  replay --history-file <path.json|path.pb> [<trackId>]
  retry-registration <trackId> [--note <text>] [--operator <name>] [--temporal <address> | --api <app url>]
  outbox [--to <email>] [--last <n>] [--show <messageId>] [--json]
  grant-role <username> <reviewer|auditor|operator|support|rights_holder>
  revoke-role <username> <reviewer|auditor|operator|support|rights_holder>
  ledger-failures [--json]
  workflows [--temporal <address>] [--json]
  import-statement --partner <partnerId> [--operator <name>] [--api <app url>] <statement.csv>
  record-funds --partner <partnerId> --period <YYYY-MM> --amount-cents <cents> --reference <ref> [--operator <name>] [--api <app url>]`;

// ---- history ----

export interface HistoryEvent {
  streamVersion: number;
  eventId: string;
  type: string;
  recordedAt: string;
  actor: string;
  workflowId: string | null;
  summary: string;
  data: unknown;
}

export interface StateView {
  /** The aggregate's status: none, received, stored, probed or intake_failed. */
  status: TrackState['status'];
  /** After intake: the later stages' status (mastering, mastered, failed, in_vault…). */
  stagesStatus: string | null;
  stage: string | null;
  steps: StepProgress[];
  /** A stage's failure, or the intake step that failed (which has no similarity or result code). */
  failure: { step: string; reason: string; similarity?: number | null; resultCode?: string | null } | null;
}

export interface TrackHistory {
  trackId: string;
  /** The stream's last version. */
  version: number;
  /** The state below is the one after this event. */
  at: number;
  events: HistoryEvent[];
  state: StateView;
}

export { NotFoundError };

/** The track's events, and its state after event `at` (default: the last) by the domain's own fold. */
export async function trackHistory(eventStore: EventStore, trackId: string, at?: number): Promise<TrackHistory> {
  const recorded = await eventStore.readStream(trackStreamId(trackId));
  if (recorded.length === 0) throw new NotFoundError(`No track ${trackId}: stream ${trackStreamId(trackId)} is empty`);
  const upTo = at ?? recorded.length;
  if (!Number.isInteger(upTo) || upTo < 1 || upTo > recorded.length) {
    throw new RangeError(`--at must be a stream version from 1 to ${recorded.length}, got ${at}`);
  }
  const state = recorded.slice(0, upTo).reduce((s, e) => evolveTrack(s, asTrackEvent(e)), initialTrackState);
  return {
    trackId,
    version: recorded.length,
    at: upTo,
    events: recorded.map((e) => ({
      streamVersion: e.streamVersion,
      eventId: e.eventId,
      type: e.type,
      recordedAt: e.recordedAt.toISOString(),
      actor: e.metadata.actor,
      workflowId: e.metadata.workflowId,
      summary: summarize(asTrackEvent(e)),
      data: e.data,
    })),
    state: viewState(state),
  };
}

function asTrackEvent(e: RecordedEvent): TrackEvent {
  return { type: e.type, data: e.data } as TrackEvent;
}

function viewState(state: TrackState): StateView {
  if (state.status === 'none') return { status: 'none', stagesStatus: null, stage: null, steps: [], failure: null };
  const steps = workflowSteps(state);
  return {
    status: state.status,
    stagesStatus: state.status === 'probed' ? state.stages.status : null,
    stage: currentStage(steps),
    steps,
    failure: state.status === 'intake_failed' ? { step: state.step, reason: state.reason } : state.status === 'probed' ? state.stages.failure : null,
  };
}

/** One line saying what an event recorded. */
export function summarize(event: TrackEvent): string {
  switch (event.type) {
    case 'TrackUploadReceived': {
      const d = event.data;
      return `"${d.title}" (${d.contentType}) ${d.originalName}, ${d.size} bytes, owner ${d.ownerId}`;
    }
    case 'TrackFileStored':
      return `${event.data.storedName}, ${event.data.size} bytes, sha256 ${event.data.sha256.slice(0, 12)}…`;
    case 'TrackProbed': {
      const d = event.data;
      return `${d.format} ${d.durationSeconds ?? '?'}s ${d.codec ?? ''} ${d.sampleRate ?? '-'} Hz ${d.channels ?? '-'} ch`.replace(/ +/g, ' ');
    }
    case 'TrackIntakeFailed':
      return `${event.data.step} failed: ${event.data.reason}`;
    case 'TrackMasteringRequested': {
      const { kind, masteringId, settings } = event.data;
      return `${kind} ${masteringId} (${settings.style}, ${settings.loudness}, ${settings.format})`;
    }
    case 'TrackMasteringProgressed':
      return `${event.data.masteringId} ${event.data.step} ${event.data.progress}%`;
    case 'TrackMastered': {
      const { kind, masteringId, results, elapsedSeconds } = event.data;
      return `${kind} ${masteringId}: ${results.lufs} LUFS, peak ${results.peak}, in ${elapsedSeconds}s`;
    }
    case 'TrackMasteringFailed':
      return `${event.data.masteringId}: ${event.data.reason}`;
    case 'TrackCopyrightCheckStarted':
      return `${event.data.checkId} on ${event.data.storedName}`;
    case 'TrackCopyrightCheckProgressed':
      return `${event.data.checkId} ${event.data.stage} ${event.data.state}`;
    case 'TrackCopyrightChecked': {
      const { checkId, analysis } = event.data;
      return `${checkId}: ${analysis.status}, score ${analysis.clearanceScore ?? '-'}, ${analysis.conflicts.length} conflicts`;
    }
    case 'TrackCopyrightCheckFailed':
      return `${event.data.checkId}: ${event.data.reason}`;
    case 'TrackCopyrightReviewRequested':
      return `review of ${event.data.checkId} requested${event.data.note ? `: ${event.data.note}` : ''}`;
    case 'TrackRegistrationSigned':
      return `tx ${event.data.txHash} on ${event.data.network}, certificate ${event.data.certificateId}`;
    case 'TrackRegistrationSubmitted': {
      const { txHash, outcome, engineResult } = event.data;
      return `tx ${txHash} ${outcome}${engineResult ? ` (${engineResult})` : ''}`;
    }
    case 'TrackRegistrationFailed':
      return `${event.data.resultCode ?? 'no result code'}: ${event.data.reason}`;
    case 'TrackRegistrationRetryRequested':
      return `by ${event.data.operator}${event.data.note ? `: ${event.data.note}` : ''}`;
    case 'TrackCertificateIssued':
      return `${event.data.certificateId}, signed with ${event.data.signature.keyId}`;
    case 'TrackStoredInVault':
      return `certificate ${event.data.certificateId}`;
    case 'TrackCopyrightReviewOpened':
      return `case ${event.data.disputeId} for check ${event.data.checkId}`;
    case 'TrackCopyrightReviewDecided':
      return `${event.data.outcome} by ${event.data.reviewerName} (case ${event.data.disputeId}): ${event.data.details}`;
    default: {
      // A type this tool does not know yet (a newer writer): show its payload as it is.
      const unexpected: never = event;
      return JSON.stringify((unexpected as { data: unknown }).data);
    }
  }
}

export function formatHistory(history: TrackHistory): string {
  const lines = history.events.map((e) =>
    [e.streamVersion === history.at ? '>' : ' ', String(e.streamVersion).padStart(4), e.recordedAt, e.type.padEnd(31), e.actor.padEnd(20), e.summary].join(' '),
  );
  const { state } = history;
  const stateLines = [
    `state after event ${history.at} (${history.events[history.at - 1]!.type}):`,
    `  status   ${state.status}${state.stagesStatus ? ` / ${state.stagesStatus}` : ''}`,
    `  stage    ${state.stage ?? '-'}`,
    `  steps    ${state.steps.map((s) => `${s.name}:${s.status}`).join(' ')}`,
    `  failure  ${state.failure ? `${state.failure.step}: ${state.failure.reason}${state.failure.resultCode ? ` (${state.failure.resultCode})` : ''}` : 'none'}`,
  ];
  return [`track ${history.trackId}: ${history.version} events in ${trackStreamId(history.trackId)}`, ...lines, '', ...stateLines].join('\n');
}

// ---- replay ----

export interface WorkflowRun {
  runId: string;
  history: History;
}

export interface ReplayVerdict {
  runId: string;
  events: number;
  /** Null when the run replays deterministically. */
  error: string | null;
}

/** Every run of the track's workflow (older runs ended by continue-as-new or an operator), oldest first. */
export async function fetchWorkflowRuns(client: Client, trackId: string): Promise<WorkflowRun[]> {
  const workflowId = trackLifecycleWorkflowId(trackId);
  const executions = [];
  for await (const execution of client.workflow.list({ query: `WorkflowId="${workflowId}"` })) executions.push(execution);
  executions.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
  return Promise.all(executions.map(async ({ runId }) => ({ runId, history: await client.workflow.getHandle(workflowId, runId).fetchHistory() })));
}

/**
 * A saved history: protobuf bytes (`.pb`, History.encode, as the workflow test records them) or JSON
 * (`temporal workflow show --output json`, historyToJSON).
 */
export async function readHistoryFile(file: string): Promise<WorkflowRun> {
  const bytes = await readFile(file);
  const history = file.endsWith('.pb') ? proto.temporal.api.history.v1.History.decode(bytes) : historyFromJSON(JSON.parse(bytes.toString('utf8')));
  const runId = history.events?.[0]?.workflowExecutionStartedEventAttributes?.originalExecutionRunId || path.basename(file);
  return { runId, history };
}

/** Replays each run against the current workflow code, bundled once. */
export async function replayRuns(trackId: string, runs: readonly WorkflowRun[]): Promise<ReplayVerdict[]> {
  const workflowId = trackLifecycleWorkflowId(trackId);
  const verdicts: ReplayVerdict[] = [];
  const results = Worker.runReplayHistories(
    { workflowBundle: await bundleTrackLifecycleWorkflows() },
    runs.map(({ history }) => ({ workflowId, history })),
  );
  // One result per history, in the order given.
  for await (const result of results) {
    const run = runs[verdicts.length]!;
    verdicts.push({ runId: run.runId, events: run.history.events?.length ?? 0, error: result.error ? `${result.error.name}: ${result.error.message}` : null });
  }
  return verdicts;
}

// ---- retry-registration ----

export type RetryOptions = Parameters<typeof retryFailedRegistration>[2];
export type { RetryResult };

/** The operator API's retry, without the API: the same function the route runs, on the vault read model's track. */
export function retryRegistration(deps: { db: Queryable; lifecycle: Pick<TrackLifecycleClient, 'retryRegistration'> }, trackId: string, options: RetryOptions): Promise<RetryResult> {
  return retryFailedRegistration({ findTrack: (id) => findTrack(deps.db, id), lifecycle: deps.lifecycle }, trackId, options);
}

/**
 * The same retry through a running app's operator API (`--api`): with the embedded PGlite the app
 * holds the database, so this is how an operator retries while it runs.
 */
export async function retryThroughApi(apiUrl: string, token: string, trackId: string, options: Pick<RetryOptions, 'operator' | 'note'>): Promise<RetryResult | { error: string; status: number }> {
  const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/ops/tracks/${encodeURIComponent(trackId)}/retry-registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-token': token, 'x-operator-name': options.operator },
    body: JSON.stringify(options.note ? { note: options.note } : {}),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string } & RegisterOutcomeValue;
  if (response.status === 409) return { refused: body.error ?? 'refused' };
  if (response.status === 502 || response.status === 422) return { outcome: { ok: false, reason: body.error ?? response.statusText } };
  if (!response.ok) return { error: body.error ?? response.statusText, status: response.status };
  return { outcome: { ok: true, value: { txHash: body.txHash, outcome: body.outcome, certificateId: body.certificateId } } };
}

// ---- the command line ----

type Options = NonNullable<ParseArgsConfig['options']>;

function parse<O extends Options>(args: string[], options: O) {
  try {
    const parsed = parseArgs({ args, allowPositionals: true, options: { ...options, help: { type: 'boolean', short: 'h', default: false } } });
    if ((parsed.values as { help?: boolean }).help) fail(USAGE, 0);
    if (parsed.positionals.length > 1) fail(USAGE, 2);
    return { trackId: parsed.positionals[0], values: parsed.values };
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

function temporalAddress(flag: string | undefined, config: Config): string {
  return flag ?? config.temporalAddress ?? 'localhost:7233';
}

/** Opens the configured platform, refusing an embedded PGlite another process has open. */
async function openStore(config: Config): Promise<Platform> {
  const pidFile = path.join(config.dataDir, 'pglite', 'postmaster.pid');
  if (!config.databaseUrl && existsSync(pidFile)) {
    fail(`the embedded PGlite under ${config.dataDir} is open in another process (npm start?): stop it first, or set DATABASE_URL (${pidFile})`, 1);
  }
  return openPlatform(config, lifecycleMigrations);
}

/** Runs `work` against the opened platform and closes it, also when `work` throws. */
async function withStore(config: Config, work: (platform: Platform) => Promise<void>): Promise<void> {
  const platform = await openStore(config);
  try {
    await work(platform);
  } finally {
    await platform.close();
  }
}

async function withClient<T>(address: string, namespace: string, work: (client: Client) => Promise<T>): Promise<T> {
  const connection = await Connection.connect({ address });
  try {
    return await work(new Client({ connection, namespace }));
  } finally {
    await connection.close();
  }
}

function print(value: unknown): void {
  process.stdout.write(typeof value === 'string' ? `${value}\n` : `${JSON.stringify(value, null, 2)}\n`);
}

async function history(args: string[], config: Config): Promise<void> {
  const { trackId, values } = parse(args, { at: { type: 'string' }, json: { type: 'boolean', default: false } });
  if (!trackId) fail(USAGE, 2);
  const at = values.at === undefined ? undefined : Number(values.at);
  if (at !== undefined && !Number.isInteger(at)) fail(`--at must be a stream version, got ${values.at}\n${USAGE}`, 2);
  const platform = await openStore(config);
  // No process.exit before close: an embedded PGlite left open keeps its lock file.
  try {
    const result = await trackHistory(platform.eventStore, trackId, at);
    print(values.json ? result : formatHistory(result));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 2;
  } finally {
    await platform.close();
  }
}

async function replay(args: string[], config: Config): Promise<void> {
  const { trackId, values } = parse(args, { temporal: { type: 'string' }, 'history-file': { type: 'string' } });
  const file = values['history-file'];
  if (!trackId && !file) fail(USAGE, 2);
  installTemporalRuntime();
  const runs = file
    ? [await readHistoryFile(file)]
    : await withClient(temporalAddress(values.temporal, config), config.temporalNamespace, (client) => fetchWorkflowRuns(client, trackId!));
  if (runs.length === 0) fail(`Temporal has no run of workflow ${trackLifecycleWorkflowId(trackId!)}`, 1);
  // Histories carry no workflow id; without a track id any id will do (the workflow does not read it).
  const verdicts = await replayRuns(trackId ?? 'replay', runs);
  for (const v of verdicts) print(`run ${v.runId}: replayed ${v.events} events: ${v.error ?? 'deterministic'}`);
  if (verdicts.some((v) => v.error)) process.exitCode = 1;
}

async function retry(args: string[], config: Config): Promise<void> {
  const { trackId, values } = parse(args, { note: { type: 'string' }, operator: { type: 'string' }, temporal: { type: 'string' }, api: { type: 'string' } });
  if (!trackId) fail(USAGE, 2);
  const note = values.note?.trim() || null;
  if (note && note.length > 500) fail('--note is at most 500 characters', 2);
  const operator = (values.operator ?? process.env.USER ?? 'operator').trim().slice(0, 100) || 'operator';
  if (values.api) {
    const result = await retryThroughApi(values.api, await operatorToken(config), trackId, { operator, note });
    if ('error' in result) fail(`the operator API answered ${result.status}: ${result.error}`, 1);
    if ('refused' in result) {
      process.stderr.write(`refused: ${result.refused}\n`);
      process.exitCode = 2;
      return;
    }
    print(result.outcome);
    if (!result.outcome.ok) process.exitCode = 1;
    return;
  }
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  installTemporalRuntime();
  const platform = await openStore(config);
  try {
    const result = await withClient(temporalAddress(values.temporal, config), config.temporalNamespace, (client) =>
      retryRegistration({ db: platform.db, lifecycle: temporalLifecycleClient(client) }, trackId, { operator, note, publicUrl }),
    );
    if ('refused' in result) {
      process.stderr.write(`refused: ${result.refused}\n`);
      process.exitCode = 2;
    } else {
      print(result.outcome);
      if (!result.outcome.ok) process.exitCode = 1;
    }
  } finally {
    await platform.close();
  }
}

/** The token of `--api` calls: OPS_TOKEN, else the one `npm start` made under DATA_DIR. */
async function operatorToken(config: Config): Promise<string> {
  const token = process.env.OPS_TOKEN ?? (await readOpsToken(config.dataDir));
  if (!token) fail(`--api needs the app's operator token: OPS_TOKEN, or ${opsTokenPath(config.dataDir)} (made by npm start when OPS_TOKEN is not set)`, 2);
  return token;
}

/** grant-role / revoke-role on the store, or with `--api <app url>` through the running app's operator API. */
async function roleCommandOf(action: 'grant' | 'revoke', args: string[], config: Config): Promise<void> {
  const apiAt = args.indexOf('--api');
  if (apiAt === -1) return withStore(config, (platform) => roleCommand(platform.eventStore, action, args));
  const apiUrl = args[apiAt + 1];
  if (!apiUrl) fail(ROLES_USAGE, 2);
  const { username, role } = parseRoleArgs([...args.slice(0, apiAt), ...args.slice(apiAt + 2)]);
  const result = await roleChangeThroughApi(apiUrl, await operatorToken(config), { username, role, action, operator: cliGrantor() });
  if ('error' in result) {
    process.stderr.write(`refused: ${result.error}\n`);
    process.exitCode = result.status >= 500 ? 1 : 2;
    return;
  }
  print(formatRoleChange(action, role, { ...result, result: null }));
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  switch (command) {
    case 'history':
      return history(args, config);
    case 'replay':
      return replay(args, config);
    case 'retry-registration':
      return retry(args, config);
    case 'outbox':
      return outboxCommand(args, config.dataDir);
    case 'ledger-failures': {
      const { values } = parse(args, { json: { type: 'boolean', default: false } });
      return withStore(config, async (platform) => {
        const failures = { ...(await listLedgerFailures(platform.db)), notes: LEDGER_FAILURE_NOTES };
        print(values.json ? failures : formatLedgerFailures(failures));
      });
    }
    case 'workflows': {
      const { values } = parse(args, { temporal: { type: 'string' }, json: { type: 'boolean', default: false } });
      const address = temporalAddress(values.temporal, config);
      const answer = await Connection.connect({ address, connectTimeout: '5 seconds' }).then(
        async (connection) => {
          try {
            return await temporalWorkflowMonitor(new Client({ connection, namespace: config.temporalNamespace }), address).troubled();
          } finally {
            await connection.close();
          }
        },
        (error: unknown) => ({ reachable: false, error: `Temporal at ${address} could not be reached: ${error instanceof Error ? error.message : String(error)}`, workflows: [] }),
      );
      print(values.json ? answer : formatWorkflows(answer));
      if (!answer.reachable) process.exitCode = 1;
      return;
    }
    case 'grant-role':
    case 'revoke-role':
      return roleCommandOf(command === 'grant-role' ? 'grant' : 'revoke', args, config);
    case 'import-statement': {
      const parsed = parseImportStatementArgs(args);
      const { api } = parsed;
      if (api) return print((await importStatementThroughApi({ ...parsed, api }, await operatorToken(config))).message);
      return withStore(config, async (platform) => print((await importStatementOnStore(platform, parsed)).message));
    }
    case 'record-funds': {
      const parsed = parseRecordFundsArgs(args);
      const { api } = parsed;
      if (api) return print((await recordFundsThroughApi({ ...parsed, api }, await operatorToken(config))).message);
      return withStore(config, async (platform) => print((await recordFundsOnStore(platform, parsed)).message));
    }
    case '--help':
    case '-h':
      return fail(USAGE, 0);
    default:
      return fail(USAGE, 2);
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly) {
  main().catch((error: unknown) => {
    fail(`ops failed: ${error instanceof Error ? error.message : String(error)}`, 1);
  });
}
