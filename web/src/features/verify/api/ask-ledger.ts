// Asks a rippled server about one transaction straight from the browser, over its public WebSocket
// API (which has no CORS restriction): `{"id":1,"command":"tx","transaction":"<hash>"}`. The
// /verify page uses it so the ledger check does not depend on trusting this server. The answer's
// `result` is rippled's raw `tx` JSON, read by domain/proofs/ledger-answer.ts like the server's relay.
// The WebSocket constructor is injected for tests (the `ws` package in Node).

/** What the page needs of a WebSocket: the browser's, or `ws`'s in tests. */
export interface WebSocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  send(data: string): void;
  close(): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export const LEDGER_TIMEOUT_MS = 10_000;

/** Public rippled servers, documented by xrpl.org, for the networks GOOSE registers on. */
export const PUBLIC_LEDGER_URLS: Readonly<Record<'mainnet' | 'testnet' | 'devnet', string>> = {
  mainnet: 'wss://xrplcluster.com',
  testnet: 'wss://s.altnet.rippletest.net:51233',
  devnet: 'wss://s.devnet.rippletest.net:51233',
};

/**
 * The public server for a bundle's network, or null for a custom or unknown one. The network is the
 * statement's `blockchainNetwork` ("XRPL testnet") or a `networkId` ("xrpl-testnet") where given.
 */
export function publicLedgerUrl(bundle: unknown): string | null {
  const statement = (bundle as { statement?: Record<string, unknown> } | null)?.statement;
  const named = [statement?.networkId, statement?.blockchainNetwork, (bundle as { networkId?: unknown } | null)?.networkId].find((value) => typeof value === 'string');
  const match = typeof named === 'string' ? /(mainnet|testnet|devnet)/i.exec(named) : null;
  return match ? PUBLIC_LEDGER_URLS[match[1]!.toLowerCase() as keyof typeof PUBLIC_LEDGER_URLS] : null;
}

export interface AskLedgerOptions {
  WebSocket?: WebSocketConstructor;
  timeoutMs?: number;
}

/**
 * The ledger's `tx` result about `txHash` as `url` answers it; null when the ledger does not hold
 * the transaction (txnNotFound). Rejects with a plain reason when the server cannot be reached, does
 * not answer within the timeout, or answers with another error.
 */
export function askLedgerDirectly(url: string, txHash: string, options: AskLedgerOptions = {}): Promise<Record<string, unknown> | null> {
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
  const timeoutMs = options.timeoutMs ?? LEDGER_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    if (!/^wss?:\/\/\S+$/i.test(url)) {
      reject(new Error('the ledger server must be a ws:// or wss:// URL'));
      return;
    }
    if (!Socket) {
      reject(new Error('this browser has no WebSocket'));
      return;
    }
    let socket: WebSocketLike;
    try {
      socket = new Socket(url);
    } catch (error) {
      reject(new Error(error instanceof Error ? error.message : String(error)));
      return;
    }
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
      outcome();
    };
    const fail = (reason: string) => finish(() => reject(new Error(reason)));
    const timer = setTimeout(() => fail(`no answer within ${Math.round(timeoutMs / 100) / 10} s`), timeoutMs);
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, command: 'tx', transaction: txHash }));
    socket.onerror = () => fail('the connection failed');
    socket.onclose = (event) => fail(`the connection closed before an answer${event.code ? ` (code ${event.code})` : ''}`);
    socket.onmessage = (event) => {
      let reply: { id?: unknown; status?: unknown; result?: unknown; error?: unknown; error_message?: unknown };
      try {
        reply = JSON.parse(typeof event.data === 'string' ? event.data : String(event.data)) as typeof reply;
      } catch {
        fail('the server did not answer in JSON');
        return;
      }
      if (reply.id !== 1) return;
      if (reply.status === 'success' && typeof reply.result === 'object' && reply.result !== null) {
        const result = reply.result as Record<string, unknown>;
        finish(() => resolve(result));
      } else if (reply.error === 'txnNotFound') {
        finish(() => resolve(null));
      } else {
        const message = typeof reply.error_message === 'string' ? `: ${reply.error_message}` : '';
        fail(`the ledger answered ${typeof reply.error === 'string' ? reply.error : 'with an error'}${message}`);
      }
    };
  });
}
