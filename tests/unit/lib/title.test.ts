import { describe, expect, it } from 'vitest';
import { buildTitle } from '@/shared/lib';

describe('title rule (spec §2)', () => {
  it("is '{route title} | Кварта' for a matched route", () => {
    expect(buildTitle('ТОП')).toBe('ТОП | Кварта');
    expect(buildTitle('ИИ Анализ возможностей | Подробнее')).toBe('ИИ Анализ возможностей | Подробнее | Кварта');
  });

  it('falls back to the bare product name', () => {
    expect(buildTitle(null)).toBe('Кварта');
  });

  it('uses a custom title, with or without the suffix', () => {
    expect(buildTitle('Квартира', { title: '2-к квартира 54 м² в Москве' })).toBe('2-к квартира 54 м² в Москве | Кварта');
    expect(buildTitle('ТОП', { title: 'Только заголовок', withSuffix: false })).toBe('Только заголовок');
  });
});
