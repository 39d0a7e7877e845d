// The platform's XRP Ledger account, which signs every registration. XRPL_SEED names an existing
// (funded) account; without it an Ed25519 wallet is generated once and kept under <dataDir>/keys,
// so registrations signed while offline all belong to one account across restarts. The offline
// Sequence counter lives beside it: without a ledger to ask, this file is what keeps two signed
// registrations from sharing a Sequence.
import { randomUUID } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import xrpl, { Wallet } from 'xrpl';
import { z } from 'zod';
import { logger } from '../logger/logger';

export interface PlatformWallet {
  readonly wallet: Wallet;
  /** Where the key came from: the XRPL_SEED variable or the generated key file. */
  readonly source: 'env' | 'file';
  /** Reserves the next Sequence for signing without a ledger, persisted so a restart never reuses one. */
  reserveOfflineSequence(): Promise<number>;
}

const WALLET_FILE = 'xrpl-wallet.json';
const SEQUENCE_FILE = 'xrpl-sequence.json';
const OWNER_ONLY = 0o600;
/** A fresh account's first Sequence as far as this machine knows; the ledger decides once online. */
const FIRST_OFFLINE_SEQUENCE = 1;

const walletFileSchema = z.object({
  version: z.literal(1),
  seed: z.string().min(1),
  classicAddress: z.string().min(25),
  publicKey: z.string().min(1),
  createdAt: z.string(),
});

const sequenceFileSchema = z.object({ account: z.string().min(25), nextSequence: z.number().int().positive() });

export async function loadPlatformWallet(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<PlatformWallet> {
  const keysDir = path.join(dataDir, 'keys');
  const seed = env.XRPL_SEED?.trim();
  const wallet = seed ? walletFromSeedVariable(seed) : await loadOrCreateWalletFile(keysDir);
  const sequenceFile = path.join(keysDir, SEQUENCE_FILE);
  return {
    wallet,
    source: seed ? 'env' : 'file',
    reserveOfflineSequence: () => serialized(sequenceFile, () => takeOfflineSequence(keysDir, sequenceFile, wallet.classicAddress)),
  };
}

function walletFromSeedVariable(seed: string): Wallet {
  try {
    return Wallet.fromSeed(seed);
  } catch (error) {
    // The message must not echo the seed: it is a secret even when malformed.
    throw new Error('XRPL_SEED is not a valid XRP Ledger seed (expected a family seed such as "s…" or "sEd…")', { cause: error });
  }
}

async function loadOrCreateWalletFile(keysDir: string): Promise<Wallet> {
  const file = path.join(keysDir, WALLET_FILE);
  const existing = await readWalletFile(file);
  if (existing) return existing;

  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  const wallet = Wallet.generate(xrpl.ECDSA.ed25519);
  const contents = {
    version: 1,
    seed: wallet.seed,
    classicAddress: wallet.classicAddress,
    publicKey: wallet.publicKey,
    createdAt: new Date().toISOString(),
  };
  // Written whole to a private temp file, then linked into place: link fails when another process
  // got there first, and then its wallet (which may already have signed) is the one kept.
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, `${JSON.stringify(contents, null, 2)}\n`, { mode: OWNER_ONLY, flag: 'wx' });
  try {
    await link(temp, file);
    logger.info({ account: wallet.classicAddress, file }, 'generated the platform XRPL wallet');
    return wallet;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readWalletFile(file);
    if (!winner) throw new Error(`${file} appeared but could not be read`, { cause: error });
    return winner;
  } finally {
    await unlink(temp);
  }
}

async function readWalletFile(file: string): Promise<Wallet | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = walletFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a platform wallet file`);
  const wallet = Wallet.fromSeed(parsed.data.seed);
  if (wallet.classicAddress !== parsed.data.classicAddress) {
    throw new Error(`${file} is inconsistent: its seed belongs to ${wallet.classicAddress}, not ${parsed.data.classicAddress}`);
  }
  const mode = (await stat(file)).mode & 0o777;
  if (mode !== OWNER_ONLY) {
    logger.warn({ file, mode: mode.toString(8) }, 'the platform XRPL wallet file was readable by others; restricting it to its owner');
    await chmod(file, OWNER_ONLY);
  }
  return wallet;
}

async function takeOfflineSequence(keysDir: string, file: string, account: string): Promise<number> {
  const stored = await readSequenceFile(file);
  // A counter kept for another account (XRPL_SEED changed) says nothing about this one.
  const sequence = stored?.account === account ? stored.nextSequence : FIRST_OFFLINE_SEQUENCE;
  await mkdir(keysDir, { recursive: true, mode: 0o700 });
  await writeFileAtomically(file, `${JSON.stringify({ account, nextSequence: sequence + 1 })}\n`);
  return sequence;
}

async function readSequenceFile(file: string): Promise<z.infer<typeof sequenceFileSchema> | null> {
  try {
    return sequenceFileSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // Never restart the count over a damaged file: reused sequences would make signed blobs collide.
    throw new Error(`${file} is not a readable sequence counter`, { cause: error });
  }
}

async function writeFileAtomically(file: string, contents: string): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  await writeFile(temp, contents, { mode: OWNER_ONLY, flag: 'wx' });
  await rename(temp, file);
}

// Reservations on one counter file run one at a time within this process (the worker is the only
// signer); across processes the rename keeps the file whole, not the count exclusive.
const counterQueues = new Map<string, Promise<unknown>>();

function serialized<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (counterQueues.get(key) ?? Promise.resolve()).then(task);
  counterQueues.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}
