// Generates a user's two wallets: a Polygon (EVM) account with ethers and an XRP Ledger account
// with xrpl.js, each private key sealed by the key box before it leaves this function.
import { Wallet as EvmWallet } from 'ethers';
import { Wallet as XrplWallet } from 'xrpl';
import type { WalletKeyBox } from './key-box';

export interface GeneratedWallets {
  polygonAddress: string;
  encryptedPolygonKey: string;
  xrplAddress: string;
  encryptedXrplSeed: string;
}

export function generateUserWallets(keyBox: WalletKeyBox): GeneratedWallets {
  const polygon = EvmWallet.createRandom();
  const xrpl = XrplWallet.generate();
  if (!xrpl.seed) throw new Error('xrpl.js generated a wallet without a seed');
  return {
    polygonAddress: polygon.address,
    encryptedPolygonKey: keyBox.seal(polygon.privateKey),
    xrplAddress: xrpl.classicAddress,
    encryptedXrplSeed: keyBox.seal(xrpl.seed),
  };
}
