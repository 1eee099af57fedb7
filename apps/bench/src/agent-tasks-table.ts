import type { TaskComparison, TaskOutcome } from './compare-agent-tasks.js';

export const agentTasksColumns = [
  'task',
  'correct (ours / server-filesystem)',
  'tokens (ours / server-filesystem)',
  'calls (ours / server-filesystem)',
  'tokens ratio',
];

interface Cost {
  tokens: number;
  calls: number;
}

export const count = (value: number) => value.toLocaleString('en-US');
const yes = (outcome: TaskOutcome) => (outcome.correct ? 'yes' : 'NO');

/** The totals of one side: tasks correct, tokens, calls. */
export function totalsOf(outcomes: TaskOutcome[]): Cost & { correct: number } {
  return {
    correct: outcomes.filter((outcome) => outcome.correct).length,
    tokens: outcomes.reduce((sum, outcome) => sum + outcome.tokens, 0),
    calls: outcomes.reduce((sum, outcome) => sum + outcome.calls, 0),
  };
}

/** Ours over theirs, with enough digits to tell small ratios apart. */
export function tokensRatio(ours: number, reference: number): string {
  const ratio = ours / reference;
  return `${ratio.toFixed(ratio < 0.01 ? 4 : ratio < 0.1 ? 3 : 2)}x`;
}

function row(name: string, correct: string, ours: Cost, reference: Cost): string[] {
  return [
    name,
    correct,
    `${count(ours.tokens)} / ${count(reference.tokens)}`,
    `${ours.calls} / ${reference.calls}`,
    tokensRatio(ours.tokens, reference.tokens),
  ];
}

/** One row a task, then the totals; cells in the order of `agentTasksColumns`. */
export function agentTasksRows(comparisons: TaskComparison[]): string[][] {
  const ours = totalsOf(comparisons.map((comparison) => comparison.ours));
  const reference = totalsOf(comparisons.map((comparison) => comparison.reference));
  return [
    ...comparisons.map((comparison) => row(comparison.task, `${yes(comparison.ours)} / ${yes(comparison.reference)}`, comparison.ours, comparison.reference)),
    row('total', `${ours.correct}/${comparisons.length} / ${reference.correct}/${comparisons.length}`, ours, reference),
  ];
}

/** A line for each task a side got wrong, with why when known. */
export function agentTasksNotes(comparisons: TaskComparison[]): string[] {
  const note = (task: string, server: string, outcome: TaskOutcome) => (outcome.correct ? [] : [`- ${task}, ${server}: ${outcome.note}`]);
  return comparisons.flatMap(({ task, ours, reference }) => [...note(task, 'vault-mcp', ours), ...note(task, 'server-filesystem', reference)]);
}
