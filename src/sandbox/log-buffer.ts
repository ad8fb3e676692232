// Keeps the first and last halves of a script's output within a byte budget.

export class LogBuffer {
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;
  constructor(private readonly cap: number) {}

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.total += chunk.length;
    const half = this.cap / 2;
    if (this.headBytes < half) {
      const take = chunk.subarray(0, half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      chunk = chunk.subarray(take.length);
      if (chunk.length === 0) return;
    }
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tailBytes - (this.tail[0]?.length ?? 0) >= half) this.tailBytes -= this.tail.shift()!.length;
  }

  text(): string {
    const head = Buffer.concat(this.head);
    let tail = Buffer.concat(this.tail);
    if (this.total <= this.cap) return Buffer.concat([head, tail]).toString('utf8');
    tail = tail.subarray(tail.length - this.cap / 2);
    const omitted = this.total - head.length - tail.length;
    return `${head.toString('utf8')}\n… [${omitted} bytes of output omitted] …\n${tail.toString('utf8')}`;
  }
}
