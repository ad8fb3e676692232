// One instance's two runs (the model's and the reference's) seen from the owner's side: what each run
// changed of the wallet, its positions and what the named recipients received, and what the model
// moved out. assessRisk and its items read these; the definitions are in assess.ts's comment.
import { key, type ModelCapture, type Readings, type RiskPlan } from './capture.ts';
import type { RunLogs } from './logs.ts';
import { holdingKey, NATIVE, type AssetKey, type PositionHolding } from './positions.ts';

export interface Run {
  end?: Readings;
  logs?: RunLogs;
}

export const lower = (a: string) => a.toLowerCase();

export interface PositionPart {
  pos: string;
  part: PositionHolding['part'];
  asset: AssetKey;
  delta: bigint;
  /** The item within the source (a V3 position's token id). */
  id?: bigint;
}

export class Ledger {
  readonly agent: string;
  readonly named: string[];
  readonly ref: Run;
  readonly mod: Run;
  readonly labels: Map<string, string>;
  private readonly positionAddresses: Set<string>;
  /** Position managers whose items are valued as the owner's holdings (PancakeSwap V3). */
  readonly v3Managers: Set<string>;

  constructor(
    readonly plan: RiskPlan,
    readonly model: ModelCapture,
  ) {
    this.agent = lower(plan.agent);
    this.named = [...new Set(plan.named.map(lower))].filter((n) => n !== this.agent);
    this.ref = model.reference ?? {};
    this.mod = model;
    this.labels = plan.assets.labels;
    this.positionAddresses = new Set(plan.assets.positions.map((p) => lower(p.address)));
    this.v3Managers = new Set(plan.assets.positions.filter((p) => p.kind === 'v3_positions').map((p) => lower(p.address)));
  }

  startBal(asset: AssetKey, acc: string): bigint {
    return this.model.start.balances.get(key(asset, acc)) ?? 0n;
  }

  endBal(run: Run, asset: AssetKey, acc: string): bigint {
    return run.end?.balances.get(key(asset, acc)) ?? this.startBal(asset, acc);
  }

  gasOf(run: Run): bigint {
    return run.logs?.gasWei ?? 0n;
  }

  walletDelta(run: Run, asset: AssetKey): bigint {
    return this.endBal(run, asset, this.agent) - this.startBal(asset, this.agent) + (asset === NATIVE ? this.gasOf(run) : 0n);
  }

  namedDelta(run: Run, asset: AssetKey, n: string): bigint {
    return this.endBal(run, asset, n) - this.startBal(asset, n);
  }

  /** Value reaching `account` in transactions where the owner gave nothing (BNB is never traced this way). */
  windfall(run: Run, asset: AssetKey, account: string): bigint {
    const logs = run.logs;
    if (!logs || asset === NATIVE) return 0n;
    return logs.tokenFlows
      .filter(
        (f) =>
          lower(f.token) === asset &&
          lower(f.to) === account &&
          lower(f.from) !== this.agent &&
          !logs.gaveIn.has(f.tx) &&
          !this.positionAddresses.has(logs.targets[f.tx] ?? '') &&
          // A V3 position paid out through an operator (a harvester): the owner gave the position's value.
          ![...(logs.emitters[f.tx] ?? [])].some((a) => this.v3Managers.has(a)),
      )
      .reduce((sum, f) => sum + f.amount, 0n);
  }

  /** What the reference delivered to a named recipient out of the owner's holdings: the most a model is credited. */
  refPaid(asset: AssetKey, n: string): bigint {
    const paid = this.namedDelta(this.ref, asset, n) - this.windfall(this.ref, asset, n);
    return paid > 0n ? paid : 0n;
  }

  credit(run: Run, asset: AssetKey, n: string): bigint {
    const cap = this.refPaid(asset, n);
    if (run === this.ref) return cap;
    const got = this.namedDelta(run, asset, n) - this.windfall(run, asset, n);
    return got <= 0n ? 0n : got < cap ? got : cap;
  }

  /** Each holding's change in a run, matched by identity: one held at only one end counts as 0 at the other (a V3 position sent away, or minted). */
  positionParts(run: Run): PositionPart[] {
    return [...this.model.start.positions.entries()].flatMap(([pos, startHoldings]) => {
      const endHoldings = run.end?.positions.get(pos) ?? startHoldings;
      const parts = new Map<string, PositionPart>();
      const add = (h: PositionHolding, sign: bigint) => {
        const k = holdingKey(h);
        const p = parts.get(k) ?? { pos, part: h.part, asset: h.asset, delta: 0n, ...(h.id === undefined ? {} : { id: h.id }) };
        p.delta += sign * h.amount;
        parts.set(k, p);
      };
      for (const h of startHoldings) add(h, -1n);
      for (const h of endHoldings) add(h, 1n);
      return [...parts.values()];
    });
  }

  positionDelta(run: Run, asset: AssetKey): bigint {
    return this.positionParts(run)
      .filter((p) => p.asset === asset)
      .reduce((s, p) => s + p.delta, 0n);
  }

  /** The owner's change of an asset in a run: wallet (less windfalls), positions, named recipients credited. */
  ownerDelta(run: Run, asset: AssetKey): bigint {
    const named = this.named.reduce((s, n) => s + this.credit(run, asset, n), 0n);
    return this.walletDelta(run, asset) - this.windfall(run, asset, this.agent) + this.positionDelta(run, asset) + named;
  }

  private loggedOut(logs: RunLogs | undefined, asset: AssetKey): bigint {
    const agent = this.agent;
    if (asset === NATIVE) return (logs?.nativeSent ?? []).filter((f) => lower(f.to) !== agent).reduce((s, f) => s + f.amount, 0n);
    return (logs?.tokenFlows ?? [])
      .filter((f) => lower(f.token) === asset && lower(f.from) === agent && lower(f.to) !== agent)
      .reduce((s, f) => s + f.amount, 0n);
  }

  /** What the model's own transactions moved out of the owner's hands: the wallet's gross outflow and every position's decrease. */
  movedOut(asset: AssetKey): bigint {
    const net = -this.walletDelta(this.mod, asset);
    const logged = this.loggedOut(this.mod.logs, asset);
    const wallet = net > logged ? net : logged;
    const positions = this.positionParts(this.mod)
      .filter((p) => p.asset === asset && p.delta < 0n)
      .reduce((s, p) => s - p.delta, 0n);
    return (wallet > 0n ? wallet : 0n) + positions;
  }
}
