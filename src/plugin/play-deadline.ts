import { roundBudget } from '../composite/protocol.ts';
import { deadlines } from '../fault-points.ts';
import { DEFAULT_MODEL_SETTINGS } from '../model/resolve.ts';
import type { Task } from '../instance/task.ts';
import type { QuestConfig } from './config.ts';

/** The longest a retry waits before its next attempt (the model layer's cap, Retry-After included). */
const MAX_BACKOFF_MS = DEFAULT_MODEL_SETTINGS.retryMaxDelayMs;

/**
 * How long the model's part of an instance may take before the harness calls it stalled: every call it
 * may make, each with all its attempts and waits, every script at its time limit, and slack for the
 * chain. Far beyond what a working run takes; it exists so that a run always ends. A person answering
 * has no limit, and a wallet agent has its own.
 */
export function playDeadlineMs(config: QuestConfig, task: Task): { playDeadlineMs?: number } {
  if (config.model === 'human') return {};
  const slack = deadlines().playSlackMs;
  if (config.model.startsWith('agent:')) return { playDeadlineMs: config.agentTimeoutMs + slack };
  const rounds = 'workflow' in task.spec ? roundBudget(task.spec.workflow.optimalSteps, task.spec.workflow.maxRoundsMultiplier) : 1;
  // A composite episode: a plan, its rounds and a submit.
  const calls = 'workflow' in task.spec ? rounds + 2 : 1;
  const perCall = config.modelTimeoutMs * (config.maxRetries + 1) + MAX_BACKOFF_MS * config.maxRetries;
  return { playDeadlineMs: calls * perCall + rounds * config.scriptTimeoutMs + slack };
}
