// A person (or any outside program) as the model: the human baseline, and the way task authors check
// that a prompt can be solved from its words alone. Two ways in:
// - a queue folder (QUEST_HUMAN_DIR): each call is written as <call>.request.md (to read) and
//   <call>.request.json ({ messages }, for programs); the answer is read from <call>.reply.md;
// - the terminal: the new messages are printed on the controlling terminal, and the reply is taken from
//   $EDITOR (when set) or typed in, ending with a line holding only ".".
// Calls have no time limit.
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
  createReadStream,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { sleep } from './sleep.ts';
import type { ChatMessage, Model } from './types.ts';

export interface HumanOptions {
  /** Queue folder; without it the terminal is used. */
  dir?: string;
  /** The terminal device (default /dev/tty). */
  tty?: string;
}

/** How often the queue folder is checked for a reply. */
const POLL_MS = 250;

/** The conversation as a person reads it: the newest messages first, then everything before them. */
function renderRequest(messages: readonly ChatMessage[]): string {
  const lastAnswer = messages.findLastIndex((m) => m.role === 'assistant');
  const fresh = messages.slice(lastAnswer + 1).filter((m) => m.role !== 'system');
  const section = (m: ChatMessage) => `### ${m.role}\n\n${m.content}\n`;
  const earlier = messages.slice(0, lastAnswer + 1).filter((m) => m.role !== 'system');
  const system = messages.filter((m) => m.role === 'system');
  return [
    '# Your turn',
    '',
    'Write your reply in the .reply.md file next to this one (write it elsewhere, then rename it, so it is never read half-written).',
    '',
    ...fresh.map(section),
    ...(earlier.length ? ['## Earlier in this conversation', '', ...earlier.map(section)] : []),
    ...system.map((m) => `## System prompt\n\n${m.content}\n`),
  ].join('\n');
}

let sequence = 0;
const callName = () => `call-${new Date().toISOString().replace(/[-:.]/g, '')}-${process.pid}-${String(++sequence).padStart(4, '0')}`;

function writeAtomically(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

async function askQueue(dir: string, messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const base = join(dir, callName());
  writeAtomically(`${base}.request.md`, renderRequest(messages));
  writeAtomically(`${base}.request.json`, JSON.stringify({ messages }, null, 2));
  const reply = `${base}.reply.md`;
  for (;;) {
    if (existsSync(reply)) {
      // A reply written in place (not renamed) is taken once its size stops changing.
      const size = statSync(reply).size;
      await sleep(Math.min(POLL_MS, 100), signal);
      if (statSync(reply).size === size) return readFileSync(reply, 'utf8');
      continue;
    }
    await sleep(POLL_MS, signal);
  }
}

// One terminal, one conversation at a time.
let terminalTurn: Promise<unknown> = Promise.resolve();

async function askTerminal(messages: readonly ChatMessage[], opts: HumanOptions): Promise<string> {
  const tty = opts.tty ?? '/dev/tty';
  const out = openSync(tty, 'w');
  const print = (s: string) => writeSync(out, s);
  try {
    print(`\n${'─'.repeat(72)}\n${renderRequest(messages)}\n`);
    // The reply is written in $EDITOR when set; otherwise typed.
    const editor = process.env.EDITOR;
    if (editor) {
      const file = join(tmpdir(), `${callName()}.reply.md`);
      writeFileSync(file, '');
      const fd = openSync(tty, 'r+');
      try {
        spawnSync(editor, [file], { stdio: [fd, fd, fd], shell: true });
      } finally {
        closeSync(fd);
      }
      return readFileSync(file, 'utf8');
    }
    print('Your reply (end it with a line holding only "."):\n');
    const input = createReadStream(tty);
    const lines = createInterface({ input, crlfDelay: Infinity });
    const collected: string[] = [];
    try {
      for await (const line of lines) {
        if (line.trim() === '.') break;
        collected.push(line);
      }
    } finally {
      lines.close();
      input.destroy();
    }
    return collected.join('\n');
  } finally {
    closeSync(out);
  }
}

export function humanModel(opts: HumanOptions = {}): Model {
  const where = opts.dir ? `the queue folder ${opts.dir}` : `the terminal${process.env.EDITOR ? ' and $EDITOR' : ''}`;
  return {
    id: 'human',
    describe: `human baseline: a person answers every call through ${where}; no time limit`,
    async respond(messages, { signal }) {
      const started = performance.now();
      let text: string;
      if (opts.dir) text = await askQueue(opts.dir, messages, signal);
      else {
        const turn = terminalTurn.then(() => askTerminal(messages, opts));
        terminalTurn = turn.catch(() => {});
        text = await turn;
      }
      return { text, latencyMs: performance.now() - started, attempts: 1 };
    },
  };
}
