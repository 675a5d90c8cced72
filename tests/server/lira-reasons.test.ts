import { describe, expect, it } from 'vitest';
import { distinctReasons } from '../../server/lira/reasons';

describe('reasons of one message are said once', () => {
  it('drops exact repeats (case and spaces aside) and keeps the order', () => {
    expect(distinctReasons(['Метро в 5 мин пешком', 'Парк рядом', 'метро в 5 мин пешком ', 'Парк рядом'])).toEqual([
      'Метро в 5 мин пешком',
      'Парк рядом',
    ]);
  });
  it('drops a reason another one already says', () => {
    expect(distinctReasons(['На 8 % ниже рынка', 'Метро в 5 мин пешком', 'Цена на 8 % ниже рынка'])).toEqual([
      'Метро в 5 мин пешком',
      'Цена на 8 % ниже рынка',
    ]);
    expect(distinctReasons(['5 этаж', '5 этаж из 12'])).toEqual(['5 этаж из 12']);
  });
  it('keeps different reasons and drops empty ones', () => {
    expect(distinctReasons(['Кухня 12 м²', '', 'Школа рядом'])).toEqual(['Кухня 12 м²', 'Школа рядом']);
    expect(distinctReasons([])).toEqual([]);
  });
});
