import { createHash } from 'node:crypto';

function words(input: string): number[] {
  const h = createHash('sha256').update(input).digest();
  return [0, 4, 8, 12].map((o) => h.readUInt32BE(o));
}

/** seed = hash(run seed, task id, round): every instance has its own stream, stable across runs. */
export function deriveSeed(runSeed: number, taskId: string, round: number): number {
  return words(`${runSeed}:${taskId}:${round}`)[0]!;
}

export interface Rng {
  /** Uniform 32-bit unsigned integer. */
  u32(): number;
  /** Uniform integer in [min, max], both ends included, without modulo bias. */
  bigintBetween(min: bigint, max: bigint): bigint;
  intBetween(min: number, max: number): number;
  bytes(n: number): Uint8Array;
}

/** sfc32: small, fast and statistically sound; seeded from a hash so nearby seeds diverge at once. */
export function createRng(seed: number): Rng {
  let [a, b, c, d] = words(`rng:${seed >>> 0}`) as [number, number, number, number];
  const u32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const bigintBetween = (min: bigint, max: bigint): bigint => {
    if (max < min) throw new Error(`empty range [${min}, ${max}]`);
    const span = max - min + 1n;
    let bits = 0n;
    while (1n << bits < span) bits += 32n;
    const limit = (1n << bits) - ((1n << bits) % span); // reject the biased tail
    for (;;) {
      let x = 0n;
      for (let i = 0n; i < bits; i += 32n) x = (x << 32n) | BigInt(u32());
      if (x < limit) return min + (x % span);
    }
  };
  return {
    u32,
    bigintBetween,
    intBetween: (min, max) => Number(bigintBetween(BigInt(min), BigInt(max))),
    bytes: (n) => Uint8Array.from({ length: n }, () => u32() & 0xff),
  };
}
