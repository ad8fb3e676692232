// The parameters of every task, as its validator and reference receive them. Generated from the task
// files by `questbench types`; do not edit. Derived parameters are `unknown` here: a task's files give
// them a type by intersection, e.g. `TaskParams<'my_task'> & { signature: Hex }`.

type Address = `0x${string}`;

export interface TaskParamsById {
  /** atomic/tip_jar/tip_jar_tip.json */
  tip_jar_tip: {
    jar: Address;
    amount: string;
    note: string;
  };
}

export type TaskId = keyof TaskParamsById;

/** The parameters of the task with this id. */
export type TaskParams<Id extends TaskId> = TaskParamsById[Id];
