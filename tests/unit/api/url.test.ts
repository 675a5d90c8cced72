import { describe, expect, it } from 'vitest';
import { buildUrl, URL_ERRORS } from '@/shared/api';

describe('buildUrl', () => {
  it('joins base and a static path', () => {
    expect(buildUrl('/api', '/init/city-list')).toBe('/api/init/city-list');
  });

  it('substitutes placeholders and encodes values', () => {
    expect(buildUrl('/api', '/init/area-list/{cityIds}', { cityIds: '78,47' })).toBe('/api/init/area-list/78%2C47');
    expect(buildUrl('/api', '/apartment/{apartId}/advert', { apartId: 15 })).toBe('/api/apartment/15/advert');
  });

  it('fails when a path has placeholders but no parameters are given', () => {
    expect(() => buildUrl('/api', '/apartment/{apartId}/advert')).toThrow(URL_ERRORS.NO_PARAMS);
    expect(() => buildUrl('/api', '/apartment/{apartId}/advert', {})).toThrow(
      'Client API: Не переданы параметры для создания динамического URL',
    );
  });

  it('fails when placeholders remain after substitution', () => {
    expect(() => buildUrl('/api', '/a/{x}/b/{y}', { x: 1 })).toThrow('Client API: Параметры не соответствуют шаблону динамического URL');
  });

  it('appends only truthy query parameters, arrays as repeated keys', () => {
    const url = buildUrl('/api', '/selection/lira/variant', undefined, {
      size: 30,
      page: 0,
      sort: 'PRICE_ASC',
      showSold: false,
      empty: '',
      none: null,
      missing: undefined,
      ids: [3, 5],
      flag: true,
    });
    expect(url).toBe('/api/selection/lira/variant?size=30&sort=PRICE_ASC&ids=3&ids=5&flag=true');
  });

  it('leaves the URL without "?" when no query value is truthy', () => {
    expect(buildUrl('/api', '/x', undefined, { a: 0, b: '' })).toBe('/api/x');
  });
});
