// A real EVM for tests: ganache's in-process chain served over local HTTP JSON-RPC, and
// OpenZeppelin's ERC20 compiled with solc-js at test time, deployed from a funded treasury that is
// minted the whole supply. Everything stays on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Contract, ContractFactory, JsonRpcProvider, Wallet, parseEther, type InterfaceAbi } from 'ethers';
import ganache from 'ganache';

const require = createRequire(import.meta.url);
const OPENZEPPELIN = '@openzeppelin/contracts/';
const TOKEN_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
contract TestGooseToken is ERC20 {
  constructor(uint256 supply) ERC20("GOOSE", "GOOSE") { _mint(msg.sender, supply); }
}`;

export interface TestChain {
  rpcUrl: string;
  provider: JsonRpcProvider;
  /** The treasury's private key (0x-hex): it holds the token's whole supply and some ETH for gas. */
  treasuryKey: string;
  tokenAddress: string;
  /** The token as the treasury sees it (ERC-20 ABI). */
  token: Contract;
  close(): Promise<void>;
}

interface CompiledContract {
  abi: InterfaceAbi;
  evm: { bytecode: { object: string } };
}

function compileToken(): CompiledContract {
  const solc = require('solc') as { compile(input: string, options: { import(path: string): { contents: string } | { error: string } }): string };
  const openZeppelinRoot = path.dirname(require.resolve(`${OPENZEPPELIN}package.json`));
  const input = {
    language: 'Solidity',
    sources: { 'TestGooseToken.sol': { content: TOKEN_SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (file) => (file.startsWith(OPENZEPPELIN) ? { contents: readFileSync(path.join(openZeppelinRoot, file.slice(OPENZEPPELIN.length)), 'utf8') } : { error: `not found: ${file}` }),
    }),
  ) as { errors?: Array<{ severity: string; formattedMessage: string }>; contracts: Record<string, Record<string, CompiledContract>> };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return output.contracts['TestGooseToken.sol']!.TestGooseToken!;
}

/** supply: in the token's smallest units (18 decimals). */
export async function startTestChain(supply: bigint): Promise<TestChain> {
  const compiled = compileToken();
  const treasury = Wallet.createRandom();
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: 1337 },
    wallet: { accounts: [{ secretKey: treasury.privateKey, balance: `0x${parseEther('100').toString(16)}` }] },
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as { port: number };
  const rpcUrl = `http://127.0.0.1:${port}`;
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  const signer = treasury.connect(provider);
  const deployed = await new ContractFactory(compiled.abi, compiled.evm.bytecode.object, signer).deploy(supply);
  await deployed.waitForDeployment();
  const tokenAddress = await deployed.getAddress();
  return {
    rpcUrl,
    provider,
    treasuryKey: treasury.privateKey,
    tokenAddress,
    token: new Contract(tokenAddress, compiled.abi, signer),
    async close() {
      provider.destroy();
      await server.close();
    },
  };
}
