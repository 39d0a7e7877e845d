// Everything the wallet routes use, opened once at start from the wallet settings.
import { logger } from '../logger/logger';
import type { WalletConfig } from './config';
import { loadWalletKeyBox, type WalletKeyBox } from './key-box';
import { openPolygonTreasury, type PolygonTreasury } from './polygon-treasury';
import { xrpAccountReader, type XrpAccountReader } from './xrp-account';

export interface WalletServices {
  keyBox: WalletKeyBox;
  /** Null when withdrawals are not configured. */
  treasury: PolygonTreasury | null;
  /** Null without XRPL_URL: balances cannot be checked. */
  xrpAccounts: XrpAccountReader | null;
  xrpRate: WalletConfig['xrpRate'];
  onrampUrlTemplate: string | null;
  /** XRP paid into deposit accounts is credited (XRPL_URL and XRP_USD_RATE both set; the app runs the deposit watcher). */
  xrpDepositsCredited: boolean;
}

export async function openWalletServices(dataDir: string, config: WalletConfig): Promise<WalletServices> {
  const keyBox = await loadWalletKeyBox(dataDir, config.encryptionKey);
  const treasury = config.polygon ? openPolygonTreasury(config.polygon, keyBox) : null;
  logger.info(
    {
      withdrawals: treasury ? `polygon (token ${treasury.tokenContract})` : 'not configured: set POLYGON_RPC_URL, GOOSE_TOKEN_CONTRACT and POLYGON_TREASURY_KEY',
      xrpRate: config.xrpRate ? `${config.xrpRate.rate} USD per XRP (XRP_USD_RATE)` : 'not configured: no XRP_USD_RATE',
      xrpBalances: config.xrplUrl ? 'XRPL_URL' : 'not checked: no XRPL_URL',
      xrpOnramp: config.onrampUrlTemplate ? 'XRP_ONRAMP_URL' : 'not configured',
      xrpDeposits: config.xrplUrl && config.xrpRate ? 'credited (XRPL_URL, XRP_USD_RATE)' : 'not credited: set XRPL_URL and XRP_USD_RATE',
    },
    'wallet services ready',
  );
  return {
    keyBox,
    treasury,
    xrpAccounts: config.xrplUrl ? xrpAccountReader(config.xrplUrl) : null,
    xrpRate: config.xrpRate,
    onrampUrlTemplate: config.onrampUrlTemplate,
    xrpDepositsCredited: config.xrplUrl !== null && config.xrpRate !== null,
  };
}
