// Venus core pool for the hard split's mirror, compiled from @venusprotocol/venus-protocol 10.3.0.
//
// The package records every BSC mainnet deployment (deployments/bscmainnet/<name>.json: address, bytecode)
// together with the exact standard-JSON compiler input it was built from (solcInputs/<hash>.json, the same
// files as the package's contracts/). The build compiles those inputs with the compiler they name and
// requires the result to equal the recorded bytecode byte for byte, so the comptroller (Diamond and its
// facets), the lens, the vToken implementation and the interest-rate models are exactly what runs on BSC
// per the package. Unitroller, VBep20Delegator (the market proxies) and VBNB come from the same
// compilation; BSC runs 2020 builds of those three at the canonical addresses, which the package no
// longer records, so here they are the package's current sources (same interface and behaviour).
//
// The package is fetched with `npm pack` rather than installed: its dependencies pull in hardhat and
// several hundred packages, none of which the build needs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getAddress, type Abi, type Address, type Hex } from 'viem';
import { z } from 'zod';
import { pinnedPackageFiles, type PinnedPackage } from './npm-tarball.ts';
import type { CompiledContract } from './pancake-v2.ts';

const require = createRequire(import.meta.url);

export const VENUS_PACKAGE: PinnedPackage = {
  spec: '@venusprotocol/venus-protocol@10.3.0',
  integrity: 'sha512-qGvjvUgYhK5REF/Cj4Lg4FNBMrEscnSSxr4sHL4WDlb2woPucvqLfGkw/f3XKFanf+lWD1G4K0Gzpdc430+BeQ==',
};

const Deployment = z.object({
  address: z.string(),
  abi: z.array(z.unknown()),
  args: z.array(z.unknown()).optional(),
  solcInputHash: z.string().optional(),
  metadata: z.string().optional(),
  bytecode: z.string().optional(),
});
type Deployment = z.infer<typeof Deployment>;

const SolcInput = z.object({
  language: z.literal('Solidity'),
  sources: z.record(z.string(), z.object({ content: z.string() })),
  settings: z.record(z.string(), z.unknown()),
});

/** A contract compiled from a recorded input, and where and with what the package says BSC deployed it. */
export interface VenusContract extends CompiledContract {
  /** Recorded deployment address on BSC (absent for contracts compiled without a record of their own). */
  bscAddress?: Address;
  /** Constructor arguments of the recorded deployment. */
  args?: readonly unknown[];
}

export interface VenusBuild {
  unitroller: VenusContract;
  diamond: VenusContract;
  facets: Record<'MarketFacet' | 'PolicyFacet' | 'SetterFacet' | 'RewardFacet' | 'FlashLoanFacet', VenusContract>;
  lens: VenusContract;
  delegate: VenusContract;
  delegator: VenusContract;
  vbnb: VenusContract;
  /** Interest-rate models by deployment name. */
  rateModels: Record<string, VenusContract>;
  /** Canonical addresses the package records for the proxies and markets (Unitroller, vBNB, vUSDT, ...). */
  recorded: Record<string, Address>;
}

const DIR = 'deployments/bscmainnet';
/** Deployment records that carry bytecode to compare with, by the contract they hold. */
const RECORDED = {
  Diamond: 'Unitroller_Implementation',
  MarketFacet: 'MarketFacet',
  PolicyFacet: 'PolicyFacet',
  SetterFacet: 'SetterFacet',
  RewardFacet: 'RewardFacet',
  FlashLoanFacet: 'FlashLoanFacet',
  ComptrollerLens: 'ComptrollerLens',
  VBep20Delegate: 'VBep20Delegate',
} as const;
const SOURCE: Record<string, string> = {
  Diamond: 'contracts/Comptroller/Diamond/Diamond.sol',
  MarketFacet: 'contracts/Comptroller/Diamond/facets/MarketFacet.sol',
  PolicyFacet: 'contracts/Comptroller/Diamond/facets/PolicyFacet.sol',
  SetterFacet: 'contracts/Comptroller/Diamond/facets/SetterFacet.sol',
  RewardFacet: 'contracts/Comptroller/Diamond/facets/RewardFacet.sol',
  FlashLoanFacet: 'contracts/Comptroller/Diamond/facets/FlashLoanFacet.sol',
  ComptrollerLens: 'contracts/Lens/ComptrollerLens.sol',
  VBep20Delegate: 'contracts/Tokens/VTokens/VBep20Delegate.sol',
  VBep20Delegator: 'contracts/Tokens/VTokens/VBep20Delegator.sol',
  VBNB: 'contracts/Tokens/VTokens/VBNB.sol',
  Unitroller: 'contracts/Comptroller/Unitroller.sol',
  JumpRateModel: 'contracts/InterestRateModels/JumpRateModel.sol',
};
/** Records that only give the canonical address (their code predates the package's records). */
const ADDRESS_ONLY = ['Unitroller', 'vBNB', 'vUSDT', 'vBUSD', 'vCAKE'] as const;

interface Solc {
  compile(input: string): string;
  version(): string;
}
type SolcOut = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
};

function compilerFor(metadata: string): { module: string; version: string } {
  const version = (JSON.parse(metadata) as { compiler: { version: string } }).compiler.version;
  const short = version.split('+')[0]!;
  return { module: `solc-${short}`, version };
}

/** Compiles the named contracts of a recorded input with the recorded compiler; nothing else of the input is emitted. */
function compileRecorded(dir: string, hash: string, metadata: string, contracts: readonly string[]): Record<string, CompiledContract> {
  const input = SolcInput.parse(JSON.parse(readFileSync(join(dir, DIR, 'solcInputs', `${hash}.json`), 'utf8')));
  const { module, version } = compilerFor(metadata);
  const solc = require(module) as Solc;
  if (!version.startsWith(solc.version().replace(/\.Emscripten.*$/, '')))
    throw new Error(`Venus build: ${module} is solc ${solc.version()}, the record wants ${version}`);
  const outputSelection: Record<string, Record<string, string[]>> = {};
  for (const c of contracts) (outputSelection[SOURCE[c]!] ??= {})[c] = ['abi', 'evm.bytecode.object'];
  const out = JSON.parse(solc.compile(JSON.stringify({ ...input, settings: { ...input.settings, outputSelection } }))) as SolcOut;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length || !out.contracts)
    throw new Error(`Venus build: solc ${version} failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  return Object.fromEntries(
    contracts.map((c) => {
      const o = out.contracts![SOURCE[c]!]?.[c];
      if (!o?.evm.bytecode.object) throw new Error(`Venus build: no bytecode for ${c}`);
      return [c, { abi: o.abi, bytecode: `0x${o.evm.bytecode.object}` as Hex }];
    }),
  );
}

function read(dir: string, name: string): Deployment {
  return Deployment.parse(JSON.parse(readFileSync(join(dir, DIR, `${name}.json`), 'utf8')));
}

/** Fetches the package's records, compiles what the hard mirror deploys, and checks it against the records. */
export function buildVenus(rateModelNames: readonly string[]): VenusBuild {
  const names = [...Object.values(RECORDED), ...ADDRESS_ONLY, ...rateModelNames];
  let dir = pinnedPackageFiles(
    VENUS_PACKAGE,
    names.map((n) => `${DIR}/${n}.json`),
  );
  const records = Object.fromEntries(names.map((n) => [n, read(dir, n)])) as Record<string, Deployment>;
  const core = records[RECORDED.Diamond]!;
  const models = rateModelNames.map((n) => records[n]!);
  const inputs = new Set([core.solcInputHash!, ...models.map((m) => m.solcInputHash!)]);
  dir = pinnedPackageFiles(
    VENUS_PACKAGE,
    [...inputs].map((h) => `${DIR}/solcInputs/${h}.json`),
  );

  for (const [contract, record] of Object.entries(RECORDED)) {
    if (records[record]!.solcInputHash !== core.solcInputHash)
      throw new Error(`Venus build: ${record} was compiled from another input than the comptroller`);
    if (
      !(JSON.parse(records[record]!.metadata!) as { settings: { compilationTarget: Record<string, string> } }).settings.compilationTarget[
        SOURCE[contract]!
      ]
    ) {
      throw new Error(`Venus build: ${record} does not hold ${contract}`);
    }
  }
  const compiled = compileRecorded(dir, core.solcInputHash!, core.metadata!, [
    ...Object.keys(RECORDED),
    'VBep20Delegator',
    'VBNB',
    'Unitroller',
  ]);
  const withRecord = (contract: keyof typeof RECORDED): VenusContract => {
    const record = records[RECORDED[contract]]!;
    const c = compiled[contract]!;
    if (c.bytecode !== record.bytecode)
      throw new Error(`Venus build: compiling ${contract} does not reproduce the recorded bytecode of ${RECORDED[contract]}`);
    return { ...c, bscAddress: getAddress(record.address), args: record.args ?? [] };
  };

  // Models deployed together share one input: compile each input once.
  const modelByInput = new Map<string, CompiledContract>();
  const rateModels: Record<string, VenusContract> = {};
  for (const name of rateModelNames) {
    const record = records[name]!;
    let model = modelByInput.get(record.solcInputHash!);
    if (!model) {
      model = compileRecorded(dir, record.solcInputHash!, record.metadata!, ['JumpRateModel']).JumpRateModel!;
      modelByInput.set(record.solcInputHash!, model);
    }
    if (model.bytecode !== record.bytecode)
      throw new Error(`Venus build: compiling JumpRateModel does not reproduce the recorded bytecode of ${name}`);
    rateModels[name] = { ...model, bscAddress: getAddress(record.address), args: record.args ?? [] };
  }

  return {
    unitroller: compiled.Unitroller!,
    diamond: withRecord('Diamond'),
    facets: {
      MarketFacet: withRecord('MarketFacet'),
      PolicyFacet: withRecord('PolicyFacet'),
      SetterFacet: withRecord('SetterFacet'),
      RewardFacet: withRecord('RewardFacet'),
      FlashLoanFacet: withRecord('FlashLoanFacet'),
    },
    lens: withRecord('ComptrollerLens'),
    delegate: withRecord('VBep20Delegate'),
    delegator: compiled.VBep20Delegator!,
    vbnb: compiled.VBNB!,
    rateModels,
    recorded: Object.fromEntries(ADDRESS_ONLY.map((n) => [n, getAddress(records[n]!.address)])),
  };
}
