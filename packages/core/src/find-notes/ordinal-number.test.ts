import { describe, expect, it } from 'vitest';
import { ordinalNumber } from './ordinal-number.js';

describe('ordinalNumber', () => {
  it('gives the number of an ordinal written in digits, and nothing for other words', () => {
    expect(['1st', '2nd', '3rd', '20th', '101st'].map(ordinalNumber)).toEqual(['1', '2', '3', '20', '101']);
    expect(['20', 'th', 'x64', '4k', 'fifth', '20ths'].map(ordinalNumber)).toEqual([undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
