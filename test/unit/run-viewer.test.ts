// The run page's builder: records in, page data and markup out (the browser test drives the page itself).
import { encodeFunctionData, erc20Abi, parseAbi, parseEther } from 'viem';
import { describe, expect, test } from 'vitest';
import { annotateInstance, checksLine, roundsLine } from '../../src/results/annotation.ts';
import { leaderboardHtml } from '../../src/results/html.ts';
import { buildLeaderboard } from '../../src/results/leaderboard.ts';
import { instanceMarkdown } from '../../src/results/markdown.ts';
import type { InstanceRecord } from '../../src/results/record.ts';
import { buildRunResult } from '../../src/results/summary.ts';
import { buildViewerData, turnsFromResponse, type LoadedRun } from '../../src/results/viewer/data.ts';
import { describeTx, addressBook } from '../../src/results/viewer/decode.ts';
import { highlightTs, renderReply } from '../../src/results/viewer/highlight.ts';
import { mergeParts, renderDetail, renderPair } from '../../src/results/viewer/render.ts';

const USDT = '0x55d398326f99059fF775485246999027B3197955';
const WBNB = '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c';
const ROUTER = '0x10ED43C718714eb63d5aA57B78B54704E256024E';
const AGENT = '0x9aA73B24f2EEb72eb8CA5Fc142BDAd3BB3841D41';
const RECIPIENT = '0x5Da34531FFC05FAcFe554f7D622f06A89EBaA930';
const SYSTEM = `You turn a wallet owner's request into code. ${'Rules. '.repeat(80)}
Environment:
- Chain: BNB Smart Chain mainnet (chain id 56), native coin BNB (18 decimals).
- deployedContracts holds every address below, by the same keys:
  WBNB                   ${WBNB}  Wrapped BNB
  USDT                   ${USDT}  Tether USD (BEP-20, 18 decimals)
  router                 ${ROUTER}  PancakeSwap V2 Router`;

const transferData = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseEther('82.69')] });
const swapData = encodeFunctionData({
  abi: parseAbi(['function swapExactTokensForTokens(uint256, uint256, address[], address, uint256)']),
  functionName: 'swapExactTokensForTokens',
  args: [parseEther('1.79'), 1n, [USDT, WBNB], AGENT, 1795444915n],
});
const sent = (to: string, data: string, value = '0') => ({
  to,
  data,
  value,
  gas: '60000',
  hash: `0x${'ab'.repeat(32)}`,
  status: 'success',
  gasUsed: '51625',
});

function atomic(model: string, passed: boolean, extra: Partial<InstanceRecord> = {}): InstanceRecord {
  return {
    taskId: 'erc20_transfer_fixed',
    split: 'atomic',
    subcategory: 'erc20_operations',
    round: 1,
    seed: 7,
    templateIndex: 3,
    params: { amount: '82.69' },
    instruction: `Please move 82.69 of my USDT tokens to the address ${RECIPIENT}.`,
    score: passed ? 100 : 0,
    passed,
    outcome: passed ? 'exact' : 'wrong_state',
    checks: [
      {
        name: 'call to the token contract succeeded',
        weight: 15,
        passed,
        detail: passed ? 'ok' : `transaction went to ${AGENT}, not ${USDT}`,
      },
      {
        name: 'recipient received exactly the amount',
        weight: 85,
        passed,
        detail: passed ? 'received 82.69 USDT' : 'received 0 USDT',
        deviation: passed ? 0 : 1,
        tolerance: 0,
      },
    ],
    latencyMs: 55,
    transcript: {
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Please move 82.69 of my USDT tokens.' },
      ],
      response: passed
        ? 'Here it is:\n```typescript\nexport async function executeSkill() { return { to: "USDT" }; }\n```'
        : '```typescript\nexport async function executeSkill(p, agentAddress) { return { to: agentAddress, value: "0" }; }\n```',
      logs: passed ? 'quote 82.69\n' : '',
    },
    tx: passed ? sent(USDT, transferData) : sent(AGENT, '0x'),
    model,
    agent: AGENT,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 1,
    ...extra,
  };
}

function composite(model: string, structured: boolean): InstanceRecord {
  const r1 = '```json\n{"action":"query","type":"native_balance","address":"agent"}\n```';
  const r2 = '```typescript\nexport async function executeSkill() { return { to: "router" }; }\n```';
  const f1 = 'Round 1 result: query result: {"raw":"100"}\nRounds used: 1 of at most 4.';
  const f2 = `Round 2 result: tx 0xabc to ${ROUTER}: status success\nRounds used: 2 of at most 4.`;
  return {
    taskId: 'composite_swap_unwrap_bnb',
    split: 'composite',
    subcategory: 'swap-unwrap',
    round: 1,
    seed: 9,
    templateIndex: 1,
    params: { amount_in: '1.79' },
    instruction: 'Trade exactly 1.79 USDT into WBNB, then unwrap it.',
    score: 66.67,
    passed: true,
    outcome: 'partial',
    checks: [{ name: 'the WBNB bought came out as BNB', weight: 100, passed: true, detail: 'BNB gained 0.0029 BNB' }],
    latencyMs: 230,
    answers: { live: 4, replayed: 0 },
    transcript: {
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Request: trade 1.79 USDT' },
      ],
      response: [
        '[assistant] 1. swap\n2. unwrap',
        '[user] Round 1 of at most 4. Reply with one TypeScript block.',
        `[assistant] ${r1}`,
        `[user] ${f1}`,
        `[assistant] ${r2}`,
        `[user] ${f2}`,
        '[assistant] {"submit":true}',
      ].join('\n\n'),
      logs: '',
      ...(structured
        ? {
            rounds: [
              { reply: r1, feedback: f1 },
              { reply: r2, logs: 'amount out 2975870574303425\n', tx: sent(ROUTER, swapData), feedback: f2 },
              { reply: '{"submit":true}' },
            ],
          }
        : {}),
    },
    composite: {
      pattern: 'swap-unwrap',
      kAct: 3,
      kOpt: 2,
      budget: 4,
      baseScore: 100,
      decay: 2 / 3,
      endReason: 'submit',
      plan: '1. swap\n2. unwrap',
      rounds: [
        { kind: 'query', summary: 'native_balance → 100' },
        { kind: 'tx', summary: `tx 0xabc to ${ROUTER}: status success` },
      ],
    },
    model,
    agent: AGENT,
    chain: { mode: 'mirror', chainId: 56, blockNumber: 1 },
    runSeed: 1,
    rounds: 1,
  };
}

const run = (model: string, records: InstanceRecord[], withJsonl = true): LoadedRun => ({
  result: buildRunResult(records, { id: `${model}-run`, model, seed: 1, rounds: 1, startedAt: '', finishedAt: '' }),
  records: withJsonl ? records : undefined,
  jsonlPath: `results/${model}/${model}-run.jsonl`,
});

describe('page data', () => {
  const data = buildViewerData(
    [
      run('weak', [atomic('weak', false), composite('weak', true)]),
      run('strong', [atomic('strong', true)]),
      run('summary-only', [atomic('summary-only', false)], false),
    ],
    ['strong', 'weak', 'summary-only'],
  );

  test('models in leaderboard order, with how many instances have transcripts', () => {
    expect(data.index.models.map((m) => [m.name, m.withTranscript, m.withoutTranscript, m.missing])).toEqual([
      ['strong', 1, 0, []],
      ['weak', 2, 0, []],
      ['summary-only', 0, 1, ['results/summary-only/summary-only-run.jsonl']],
    ]);
  });

  test('one row per instance, sorted by split, task, round and model; failures say why', () => {
    expect(data.index.rows.map((r) => [r.split, r.task, data.index.models[r.m]!.name, r.score, r.passed])).toEqual([
      ['atomic', 'erc20_transfer_fixed', 'strong', 100, true],
      ['atomic', 'erc20_transfer_fixed', 'weak', 0, false],
      ['atomic', 'erc20_transfer_fixed', 'summary-only', 0, false],
      ['composite', 'composite_swap_unwrap_bnb', 'weak', 66.67, true],
    ]);
    expect(data.index.rows[1]!.why).toBe('call to the token contract succeeded; recipient received exactly the amount');
    expect(data.index.rows[3]).toMatchObject({ group: 'swap-unwrap', kAct: 3, kOpt: 2 });
    expect(data.index.passLine).toBe(60);
  });

  test('the system prompt is stored once and referenced by index', () => {
    expect(data.shared).toEqual([SYSTEM]);
    const weak = data.details[1]![0]!;
    expect(weak.messages![0]).toEqual({ role: 'system', content: 0 });
    expect(weak.messages![1]!.content).toBe('Please move 82.69 of my USDT tokens.');
  });

  test('an atomic detail: reply, logs, the transaction with its call decoded from the token ABI', () => {
    const strong = data.details[0]![0]!;
    expect(strong.reply).toContain('executeSkill');
    expect(strong.logs).toBe('quote 82.69\n');
    expect(strong.tx).toMatchObject({ to: `${USDT} (USDT)`, valueBnb: '0', status: 'success' });
    expect(strong.tx!.call).toEqual({
      fn: 'transfer',
      signature: 'transfer(address,uint256)',
      via: 'abi',
      args: [
        { name: 'to', type: 'address', value: RECIPIENT },
        { name: 'value', type: 'uint256', value: '82690000000000000000 (82.69 × 10^18)' },
      ],
    });
    expect(data.details[1]![0]!.tx).toMatchObject({ to: `${AGENT} (the wallet)`, data: '0x' });
    expect(data.index.labels[USDT.toLowerCase()]).toBe('USDT');
    expect(data.index.labels[AGENT.toLowerCase()]).toBe('the wallet');
  });

  test('a composite detail: every round with its reply, logs, decoded transaction and feedback, then the final reply', () => {
    const c = data.details[1]![1]!.composite!;
    expect(c.rounds.map((r) => [r.kind, r.reply?.slice(0, 7), r.feedback?.slice(0, 15)])).toEqual([
      ['query', '```json', 'Round 1 result:'],
      ['tx', '```type', 'Round 2 result:'],
    ]);
    expect(c.rounds[1]!.logs).toBe('amount out 2975870574303425\n');
    expect(c.rounds[1]!.tx!.call!.fn).toBe('swapExactTokensForTokens');
    expect(c.rounds[1]!.tx!.call!.args.map((a) => a.name)).toEqual(['amountIn', 'amountOutMin', 'path', 'to', 'deadline']);
    expect(c.rounds[1]!.tx!.call!.args[2]!.value).toBe(`[${USDT} (USDT), ${WBNB} (WBNB)]`);
    expect(c.rounds[1]!.tx!.call!.args[4]!.value).toBe('1795444915');
    expect(c.final).toBe('{"submit":true}');
    expect(c).toMatchObject({ kAct: 3, kOpt: 2, decay: 2 / 3, baseScore: 100 });
  });

  test('summary only: checks and scores, no transcript, and the request from the results file', () => {
    const d = data.details[2]![0]!;
    expect(d.transcript).toBe(false);
    expect(d.messages).toBeUndefined();
    expect(d.checks).toHaveLength(2);
    expect(d.instruction).toContain('Please move 82.69');
  });

  test('episodes recorded before rounds were structured are read back from the joined response', () => {
    const old = buildViewerData([run('old', [composite('old', false)])]);
    const rounds = old.details[0]![0]!.composite!.rounds;
    expect(rounds.map((r) => [r.kind, r.reply?.slice(0, 7), r.feedback?.slice(0, 15)])).toEqual([
      ['query', '```json', 'Round 1 result:'],
      ['tx', '```type', 'Round 2 result:'],
    ]);
    expect(old.details[0]![0]!.composite!.final).toBe('{"submit":true}');
    expect(turnsFromResponse('[assistant] plan')).toEqual([]);
  });

  test('the markup of an opened instance names failed checks, highlights code and labels addresses', () => {
    const row = data.index.rows[1]!;
    const html = renderDetail(row, 'weak', data.details[1]![row.d]!, data.shared, data.index.labels);
    expect(html).toContain('<tr class="check fail" data-check="call to the token contract succeeded">');
    expect(html).toContain(`${USDT} <span class="lbl">(USDT)</span>`);
    expect(html).toContain(
      '<span class="hl-k">export</span> <span class="hl-k">async</span> <span class="hl-k">function</span> <span class="hl-f">executeSkill</span>',
    );
    expect(html).toContain('no calldata (a plain BNB transfer)');
    const crow = data.index.rows[3]!;
    const chtml = renderDetail(crow, 'weak', data.details[1]![crow.d]!, data.shared, data.index.labels);
    expect(chtml).toContain('K_act <b>3</b> / K_opt <b>2</b>');
    expect(chtml).toContain('<h5>Harness feedback</h5><pre class="feedback">Round 1 result:');
    expect(chtml).toContain('<span class="fn">swapExactTokensForTokens</span>');
    expect(chtml).toContain('Final reply · submit');
    const srow = data.index.rows[2]!;
    expect(renderDetail(srow, 'summary-only', data.details[2]![srow.d]!, data.shared)).toContain('Only the summary JSON was available');
  });

  test('two instances side by side: one layout of parts, empty where a side has none, so rows line up', () => {
    const [strong, weak] = [data.index.rows[0]!, data.index.rows[1]!];
    const html = renderPair(
      { row: strong, model: 'strong', detail: data.details[0]![strong.d]! },
      { row: weak, model: 'weak', detail: data.details[1]![weak.d]! },
      data.shared,
      data.index.labels,
    );
    const articles = html.split('<article').slice(1);
    expect(articles).toHaveLength(2);
    const parts = (a: string) => [...a.matchAll(/data-part="([\w-]+)"/g)].map((m) => m[1]);
    expect(parts(articles[0]!)).toEqual(['head', 'request', 'checks', 'reply', 'logs', 'tx', 'prompt']);
    expect(parts(articles[1]!)).toEqual(parts(articles[0]!));
    expect(articles[1]).toContain('<div class="part empty" data-part="logs"></div>');
    for (const a of articles) expect(a).toContain('style="grid-row:span 7"');
    expect(mergeParts(['head', 'checks', 'round-1', 'round-10', 'round-2'], ['head', 'steps', 'plan', 'final'])).toEqual([
      'head',
      'steps',
      'checks',
      'plan',
      'round-1',
      'round-2',
      'round-10',
      'final',
    ]);
  });
});

describe('highlighting', () => {
  test('model text is escaped, never interpreted', () => {
    const html = renderReply('Look: <img src=x onerror=alert(1)>\n```ts\nconst s = "</script><b>";\n```');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('</script>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  test('tokens: keywords, strings, numbers with bigint suffix, comments, calls', () => {
    expect(highlightTs('const a = 10n; // note\nfoo("x")')).toBe(
      '<span class="hl-k">const</span> a = <span class="hl-n">10n</span>; <span class="hl-c">// note</span>\n<span class="hl-f">foo</span>(<span class="hl-s">&quot;x&quot;</span>)',
    );
  });

  test('a bare JSON reply is shown as JSON; an empty reply says so', () => {
    expect(renderReply('{"submit": true}')).toBe(
      '<pre class="code" data-lang="json">{<span class="hl-p">&quot;submit&quot;</span>: <span class="hl-b">true</span>}</pre>',
    );
    expect(renderReply('')).toContain('(empty reply)');
  });
});

describe('transactions', () => {
  const book = addressBook(SYSTEM);
  test('an unknown selector stays raw calldata; a known one on an unknown address is matched by selector', () => {
    expect(describeTx(sent(RECIPIENT, '0xdeadbeef00'), book).call).toBeUndefined();
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [ROUTER, 5n] });
    expect(describeTx(sent(RECIPIENT, approve), book).call).toMatchObject({
      fn: 'approve',
      via: 'selector',
      args: [{ value: `${ROUTER} (router)` }, { value: '5' }],
    });
  });
  test('value in BNB next to wei', () => {
    expect(describeTx(sent(AGENT, '0x', '1500000000000000000'), book, AGENT)).toMatchObject({
      valueBnb: '1.5',
      value: '1500000000000000000',
      to: `${AGENT} (the wallet)`,
    });
  });
});

describe('the page', () => {
  const runs = [run('weak', [atomic('weak', false), composite('weak', true)]), run('strong', [atomic('strong', true)])];
  const lb = buildLeaderboard(runs.map((r) => r.result));
  const html = leaderboardHtml(
    lb,
    'board',
    buildViewerData(
      runs,
      lb.rows.map((r) => r.model),
    ),
  );

  test('is self-contained: data and script inline, nothing fetched', () => {
    expect(html).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/);
    expect(html).not.toMatch(/https?:\/\//);
    for (const id of ['qb-index', 'qb-shared', 'qb-detail-0', 'qb-detail-1', 'questbench-data']) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<script>[^<]+renderWindow|<script>.{2000,}<\/script>/s);
  });

  test('heat-map cells and pattern bars link into the viewer', () => {
    expect(html).toContain(
      'data-task="atomic/erc20_transfer_fixed" data-model="weak" data-score="0.0"><a href="#instances?model=weak&amp;task=atomic%2Ferc20_transfer_fixed"',
    );
    expect(html).toContain('<a class="bar" href="#instances?model=weak&amp;split=composite&amp;group=swap-unwrap"');
    expect(html).toContain('data-mean="66.7" data-efficiency="0.667"');
    expect(html).toContain(
      '<nav><a href="#board" data-view="board" class="active">Leaderboard</a><a href="#instances" data-view="instances">Instances (3)</a></nav>',
    );
  });

  test('without viewer data the page is the leaderboard alone', () => {
    const plain = leaderboardHtml(lb);
    expect(plain).not.toContain('id="viewer"');
    expect(plain).not.toContain('#instances');
  });
});

describe('leaderboard per pattern and per model', () => {
  test('mean score and step efficiency next to the pass rate', () => {
    const decayed = (id: string, decay: number, score: number) => ({
      ...composite('m', true),
      taskId: id,
      score,
      passed: score >= 60,
      composite: { ...composite('m', true).composite!, decay },
    });
    const lb = buildLeaderboard([run('m', [decayed('a', 2 / 3, 66.67), decayed('b', 0.5, 50)]).result]);
    expect(lb.rows[0]!.byPattern['swap-unwrap']).toEqual({ passed: 1, instances: 2, meanScore: 58.335, efficiency: (2 / 3 + 0.5) / 2 });
  });

  test("tokens when known; cost from a price table, or the runs' recorded cost", () => {
    const paid = (id: string) => atomic('openai:x', true, { taskId: id, tokens: { input: 1000, output: 500 } });
    const a = run('openai:x', [paid('t1'), paid('t2')]).result;
    expect(buildLeaderboard([a]).rows[0]!.tokens).toEqual({ input: 2000, output: 1000, cost: null });
    expect(buildLeaderboard([a], { 'openai:x': { input: 2, output: 8 } }).rows[0]!.tokens!.cost).toBeCloseTo(0.012, 10);
    const recorded = buildRunResult(
      [paid('t1'), paid('t2')],
      { id: 'r', model: 'openai:x', seed: 1, rounds: 1, startedAt: '', finishedAt: '' },
      { 'openai:x': { input: 1, output: 1 } },
    );
    expect(buildLeaderboard([recorded]).rows[0]!.tokens!.cost).toBeCloseTo(0.003, 10);
    expect(buildLeaderboard([run('reference', [atomic('reference', true)]).result]).rows[0]!.tokens).toBeNull();
  });
});

describe('the annotation a task test carries', () => {
  test('a verdict with the instance as Markdown, the check table and the rounds', async () => {
    const calls: unknown[][] = [];
    await annotateInstance({ annotate: (async (...args: unknown[]) => void calls.push(args)) as never }, composite('m', true));
    expect(calls).toHaveLength(3);
    const [message, type, attachment] = calls[0] as [string, string, { contentType: string; body: string; bodyEncoding: string }];
    expect(message).toMatch(/^score 66\.67\/100 · partial · K_act 3\/2 · template 1 · Trade exactly/);
    expect(type).toBe('questbench');
    expect(attachment).toMatchObject({ contentType: 'text/markdown', bodyEncoding: 'utf-8' });
    expect(attachment.body).toBe(instanceMarkdown(composite('m', true)));
    expect(calls[1]).toEqual([checksLine(composite('m', true)), 'questbench checks']);
    expect(calls[2]).toEqual(['1 query → 2 tx → end: submit · decay 0.667 × end-state 100', 'questbench rounds']);
  });

  test('the Markdown has the request, the checks, every round with feedback and the decoded transaction', () => {
    const md = instanceMarkdown(composite('m', true));
    expect(md).toContain('> Trade exactly 1.79 USDT into WBNB, then unwrap it.');
    expect(md).toContain('| ✓ | the WBNB bought came out as BNB | 100 | BNB gained 0.0029 BNB |');
    expect(md).toContain('## Round 2 · tx');
    expect(md).toContain('- call: `swapExactTokensForTokens(uint256,uint256,address[],address,uint256)`');
    expect(md).toContain('Round 2 result: tx 0xabc');
    expect(md).toContain('## Final reply (submit, not counted)');
    // A reply's own ``` fence sits inside a longer one.
    expect(md).toContain('````\n```typescript\nexport async function executeSkill()');
    expect(checksLine(atomic('m', false))).toBe(
      '✗ call to the token contract succeeded [15] · ✗ recipient received exactly the amount [85]',
    );
    expect(roundsLine(atomic('m', false))).toBeUndefined();
  });
});
