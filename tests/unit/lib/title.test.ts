import { describe, expect, it } from 'vitest';
import { buildTitle } from '@/shared/lib';

describe('title rule (spec §2)', () => {
  it.each([
    ['/', 'ТОП | Кварта'],
    ['/agent', 'ИИ Поиск | Кварта'],
    ['/favourites', 'Избранное | Кварта'],
    ['/external-link', 'Переход по внешней ссылке | Кварта'],
    ['/msk/apart/123', 'Квартира | Кварта'],
    ['/services', 'Услуги | Кварта'],
    ['/services/bezopasnaya-sdelka', 'Услуги | Кварта'],
    ['/analytics', 'ИИ Анализ возможностей | Кварта'],
    ['/analytics-details', 'ИИ Анализ возможностей | Подробнее | Кварта'],
    ['/404', 'Страница не найдена | Кварта'],
    ['/agent/', 'ИИ Поиск | Кварта'],
  ])('%s → %s', (path, title) => {
    expect(buildTitle(path)).toBe(title);
  });

  it('matches by prefix', () => {
    expect(buildTitle('/agent/anything')).toBe('ИИ Поиск | Кварта');
  });

  it('falls back to the bare product name', () => {
    expect(buildTitle('/unknown/path')).toBe('Кварта');
  });

  it('uses a custom title, with or without the suffix', () => {
    expect(buildTitle('/msk/apart/1', { title: '2-к квартира 54 м² в Москве' })).toBe('2-к квартира 54 м² в Москве | Кварта');
    expect(buildTitle('/', { title: 'Только заголовок', withSuffix: false })).toBe('Только заголовок');
  });
});
