// The protocols' solvers behind one entry point: a wallet agent acts through its own wallet, any other
// model plays its task's protocol; and the task's gold solution as a model.
import { walletSolver } from '../agent/solver.ts';
import { atomicSolver } from '../atomic/solver.ts';
import type { ChainSession } from '../chain/session.ts';
import { referenceScriptModel } from '../composite/reference.ts';
import { compositeSolver } from '../composite/solver.ts';
import { referenceModel } from '../model/reference.ts';
import type { Model } from '../model/types.ts';
import type { Params } from '../tasks/instantiate.ts';
import type { Episode, PlayContext, Solver, TaskToPlayOf } from '../episode/episode.ts';
import type { Protocol } from '../tasks/task.ts';
import type { Task } from './task.ts';

/** The solver of each protocol. */
const SOLVERS: { [P in Protocol]: Solver<TaskToPlayOf<P>> } = {
  atomic: atomicSolver,
  composite: compositeSolver,
};

/** A wallet agent acts through its own wallet; any other model plays the task's protocol. */
export function play(ctx: PlayContext): Promise<Episode> {
  const solver = ctx.model.agent ? walletSolver : (SOLVERS[ctx.task.protocol] as Solver);
  return solver.play(ctx);
}

/** The gold solution of a task as a model, built per instance from its parameters (never passed with a call). */
export function referenceFor(task: Task, session: ChainSession): (params: Params) => Model {
  if (task.protocol === 'atomic') return (params) => referenceModel(task.id, task.reference, params, session.renamedKeys);
  return (params) => referenceScriptModel(task.reference(params, session.env, session.profile), session.renamedKeys);
}
