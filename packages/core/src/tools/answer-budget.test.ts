import { describe, expect, it } from 'vitest';
import { createAnswerBudget, mostShownLines, summaryRoom } from './answer-budget.js';

describe('createAnswerBudget', () => {
  it('takes from the bound less the summary room, and refuses once the bound is passed', () => {
    const budget = createAnswerBudget(5000);
    expect(budget.left).toBe(5000 - summaryRoom);
    expect(budget.take(3999)).toBe(true);
    expect(budget.take(1)).toBe(true);
    expect(budget.left).toBe(0);
    expect(budget.take(1)).toBe(false);
  });

  it('keeps the room asked for', () => {
    expect(createAnswerBudget(4096, 300 + 10).left).toBe(3786);
  });

  it('counts the most lines a search can show at 12 characters a line', () => {
    expect(mostShownLines(65_536)).toBe(5461);
    expect(mostShownLines(4096)).toBe(341);
  });
});
