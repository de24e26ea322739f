import { describe, expect, it } from 'vitest';
import { formatAveragePosition, formatCompetition, formatCount, formatCpc } from './keyword-values';

describe('the keyword numbers', () => {
  it("write en-US numbers, and '-' for what the provider does not know", () => {
    expect(formatCount(1_234_567)).toBe('1,234,567');
    expect(formatCount(333.4)).toBe('333');
    expect(formatCpc(1.2)).toBe('$1.20');
    expect(formatCpc(1234.5)).toBe('$1,234.50');
    expect(formatCompetition(0.347)).toBe('0.35');
    expect(formatAveragePosition(12.345)).toBe('12.3');
    expect(formatAveragePosition(4)).toBe('4.0');
    for (const format of [formatCount, formatCpc, formatCompetition, formatAveragePosition])
      expect(format(null)).toBe('-');
  });
});
