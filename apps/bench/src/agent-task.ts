/** What a task's script works with: a tool call that gives what the model sees, and the folder the server serves. */
export interface TaskContext {
  call(tool: string, args: Record<string, unknown>): Promise<string>;
  /** The absolute path of the folder served (server-filesystem takes absolute paths; vault-mcp's are relative to it). */
  folder: string;
}

/**
 * One task of the kind an agent is given, scripted for each server as a competent agent would call
 * its tools. A script derives its next arguments and its answer only from what the model saw, and
 * throws when what it saw does not let it go on.
 */
export interface AgentTask<Answer> {
  name: string;
  /** What the agent is asked, in a line. */
  goal: string;
  /** For a task that writes: the corpus paths (files or folders) it needs in its temp copy, and how to make the copy what the task expects. */
  workCopy?: { paths: string[]; prepare?(folder: string): Promise<void> };
  ours(context: TaskContext): Promise<Answer>;
  reference(context: TaskContext): Promise<Answer>;
  /**
   * What is wrong with the answer, against the truth computed from the files themselves (for a
   * write: also what is wrong with the files), or undefined when nothing is.
   */
  mistake(answer: Answer, folders: { folder: string; corpus: string }): Promise<string | undefined>;
}
