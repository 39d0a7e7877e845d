// Sends GOOSE tokens out of the platform's treasury on Polygon: an ERC-20 transfer signed by the
// treasury key and followed to its receipt. Amounts arrive in micro-tokens (6 decimals) and are
// scaled to the contract's own decimals. The key stays inside the ethers Wallet; errors carry the
// node's reason, never the key.
import { Contract, JsonRpcProvider, Wallet, type ContractTransactionResponse, type TransactionReceipt } from 'ethers';
import { MICROS_PER_TOKEN } from '../../domain/shared/tokens';
import type { PolygonWithdrawalConfig } from './config';
import type { WalletKeyBox } from './key-box';

const ERC20_ABI = ['function decimals() view returns (uint8)', 'function balanceOf(address) view returns (uint256)', 'function transfer(address to, uint256 amount) returns (bool)'];
/** Micro-tokens are tokens with 6 decimals (MICROS_PER_TOKEN). */
const MICRO_DECIMALS = 6;
/** How long to wait for the transfer's receipt. */
const RECEIPT_TIMEOUT_MS = 120_000;

/** The transfer did not happen (refused, reverted, or not confirmed in time): the tokens are to be given back. */
export class TransferFailedError extends Error {
  override readonly name = 'TransferFailedError';
}

/** The transfer was sent but its receipt did not come in time: it may still land, so nothing is given back. */
export class TransferUnconfirmedError extends Error {
  override readonly name = 'TransferUnconfirmedError';

  constructor(
    readonly txHash: string,
    reason: string,
  ) {
    super(`The ERC-20 transfer ${txHash} was sent but not confirmed: ${reason}`);
  }
}

export interface PolygonTreasury {
  readonly tokenContract: string;
  /** Transfers amountMicros of the token to `to`; resolves once the receipt shows success. */
  transfer(to: string, amountMicros: number): Promise<{ txHash: string }>;
  close(): void;
}

export function openPolygonTreasury(config: PolygonWithdrawalConfig, keyBox: WalletKeyBox): PolygonTreasury {
  const privateKey = config.treasuryKey.startsWith('v1.') ? keyBox.open(config.treasuryKey) : config.treasuryKey;
  const provider = new JsonRpcProvider(config.rpcUrl);
  const signer = new Wallet(privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`, provider);
  const token = new Contract(config.tokenContract, ERC20_ABI, signer);
  let decimals: Promise<bigint> | null = null;

  return {
    tokenContract: config.tokenContract,
    async transfer(to, amountMicros) {
      decimals ??= (token.getFunction('decimals')() as Promise<bigint>).catch((error: unknown) => {
        decimals = null;
        throw new TransferFailedError(`Could not read the token contract's decimals: ${reasonOf(error)}`);
      });
      const units = toTokenUnits(amountMicros, Number(await decimals));
      let sent: ContractTransactionResponse;
      try {
        sent = (await token.getFunction('transfer')(to, units)) as ContractTransactionResponse;
      } catch (error) {
        throw new TransferFailedError(`The ERC-20 transfer was refused: ${reasonOf(error)}`);
      }
      const txHash = sent.hash;
      let receipt: TransactionReceipt | null;
      try {
        receipt = await sent.wait(1, RECEIPT_TIMEOUT_MS);
      } catch (error) {
        if ((error as { code?: unknown }).code === 'CALL_EXCEPTION') throw new TransferFailedError(`The ERC-20 transfer ${txHash} reverted: ${reasonOf(error)}`);
        throw new TransferUnconfirmedError(txHash, reasonOf(error));
      }
      if (!receipt || receipt.status !== 1) throw new TransferFailedError(`The ERC-20 transfer ${txHash} reverted`);
      return { txHash: receipt.hash };
    },
    close: () => provider.destroy(),
  };
}

/** micro-tokens → the contract's smallest units, exactly (a fraction the contract cannot hold is refused). */
export function toTokenUnits(amountMicros: number, decimals: number): bigint {
  const micros = BigInt(amountMicros);
  if (decimals >= MICRO_DECIMALS) return micros * 10n ** BigInt(decimals - MICRO_DECIMALS);
  const divisor = 10n ** BigInt(MICRO_DECIMALS - decimals);
  if (micros % divisor !== 0n) throw new TransferFailedError(`The token has ${decimals} decimals: ${amountMicros / MICROS_PER_TOKEN} cannot be sent exactly`);
  return micros / divisor;
}

/** The node's short reason (ethers' shortMessage), without the request that carried the signed transaction. */
function reasonOf(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage;
  if (typeof short === 'string') return short;
  return error instanceof Error ? error.message.split('(')[0]!.trim() : String(error);
}
