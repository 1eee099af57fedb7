import { rm } from 'node:fs/promises';
import type { AgentTask, TaskContext } from './agent-task.js';
import { agentTasks } from './agent-tasks.js';
import type { ClientKind } from './client-kind.js';
import { type CallCost, createMeasuredAgent, type MeasuredAgent } from './measured-agent.js';
import { openSession, type ServerCommand } from './mcp-session.js';
import { createWorkCopy } from './work-copy.js';

export interface TaskOutcome {
  correct: boolean;
  tokens: number;
  calls: number;
  /** Each call's tokens, to see which costs most. */
  costs: readonly CallCost[];
  /** What went wrong, when something did: where the script got stuck, or what is wrong with its answer. */
  note?: string;
}

export interface TaskComparison {
  task: string;
  goal: string;
  ours: TaskOutcome;
  reference: TaskOutcome;
}

/** One server's side: how to start it on a folder, and which of a task's scripts drives it. */
interface Side {
  command(folder: string): ServerCommand;
  run(task: AgentTask<unknown>, context: TaskContext): Promise<unknown>;
}

/** Runs every task for one kind of client on vault-mcp and on server-filesystem, each on its own temp copy for the tasks that write. */
export async function compareAgentTasks(
  corpus: string,
  kind: ClientKind,
  servers: { ours(folder: string): ServerCommand; reference(folder: string): ServerCommand },
): Promise<TaskComparison[]> {
  const ours = await runSide(corpus, kind, { command: servers.ours, run: (task, context) => task.ours(context) });
  const reference = await runSide(corpus, kind, { command: servers.reference, run: (task, context) => task.reference(context) });
  return agentTasks.map((task, index) => ({ task: task.name, goal: task.goal, ours: ours[index]!, reference: reference[index]! }));
}

async function runSide(corpus: string, kind: ClientKind, side: Side): Promise<TaskOutcome[]> {
  const copy = await createWorkCopy(
    corpus,
    agentTasks.flatMap((task) => task.workCopy?.paths ?? []),
  );
  try {
    for (const task of agentTasks) await task.workCopy?.prepare?.(copy);
    const sessions = { corpus: await openSession(side.command(corpus)), copy: await openSession(side.command(copy)) };
    try {
      const outcomes: TaskOutcome[] = [];
      for (const task of agentTasks) {
        const [folder, session] = task.workCopy === undefined ? [corpus, sessions.corpus] : [copy, sessions.copy];
        outcomes.push(await runTask(task, side, createMeasuredAgent(session, kind), { folder, corpus }));
      }
      return outcomes;
    } finally {
      await Promise.all([sessions.corpus.close(), sessions.copy.close()]);
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

async function runTask(task: AgentTask<unknown>, side: Side, agent: MeasuredAgent, folders: { folder: string; corpus: string }): Promise<TaskOutcome> {
  const measured = () => ({ tokens: agent.costs.reduce((sum, cost) => sum + cost.tokens, 0), calls: agent.costs.length, costs: agent.costs });
  let answer: unknown;
  try {
    answer = await side.run(task, { call: (tool, args) => agent.call(tool, args), folder: folders.folder });
  } catch (error) {
    return { correct: false, ...measured(), note: `stuck: ${(error as Error).message}` };
  }
  const mistake = await task.mistake(answer, folders);
  return mistake === undefined ? { correct: true, ...measured() } : { correct: false, ...measured(), note: mistake };
}
