import { describe, expect, it } from 'vitest';
import { formatSuggestionDate } from '@/entities/apartment';

describe('suggestion date on a card', () => {
  it('shows the day and the month in Russian', () => {
    expect(formatSuggestionDate('2026-11-22T10:00:00Z')).toBe('22 ноября');
  });
  it('keeps an unreadable value as it came', () => {
    expect(formatSuggestionDate('вчера')).toBe('вчера');
  });
});
