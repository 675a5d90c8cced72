import type { ParseResult } from '../../../server/search';
import type { VocabularyInput } from '../../../server/search';
import { HELD_OUT, PHRASES } from './phrases';

export interface Case {
  city: number;
  text: string;
  expected: Pick<ParseResult, 'filters' | 'wishes'>;
}

const money = (s: string) => Math.round(Number.parseFloat(s) * (s.endsWith('m') ? 1_000_000 : s.endsWith('k') ? 1000 : 1));

/** The phrase table as cases: names become the reference tables' ids (every id a name carries in that city). */
export function phraseCases(input: VocabularyInput, table: 'written' | 'heldOut' = 'written'): Case[] {
  const ids = (list: Array<{ id: number; cityId: number; name: string }>, city: number, names: string) =>
    names.split(',').flatMap((name) => {
      const found = list.filter((x) => x.cityId === city && x.name === name.trim()).map((x) => x.id);
      if (found.length === 0) throw new Error(`«${name}» нет в справочнике города ${city}`);
      return found;
    });
  return (table === 'written' ? PHRASES : HELD_OUT)
    .trim()
    .split('\n')
    .map((line) => {
      const [cityText, text, spec] = line.split('|');
      const city = Number(cityText);
      const filters: ParseResult['filters'] = {};
      const wishes: ParseResult['wishes'] = {};
      let target = city;
      const pairs = (spec ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => p.split('=') as [string, string]);
      for (const [key, value] of pairs) if (key === 'c') target = Number(value);
      for (const [key, value] of pairs) {
        if (key === 'r') filters.roomsCntForFilter = value.split(',').map(Number);
        else if (key === 'lte') filters.priceTotalMinLte = money(value);
        else if (key === 'gte') filters.priceTotalMinGte = money(value);
        else if (key === 'a') filters.areaIds = ids(input.areas, target, value).sort((x, y) => x - y);
        else if (key === 'm') filters.metroIds = ids(input.metro, target, value).sort((x, y) => x - y);
        else if (key === 'ren') filters.renovationType = value === 'F' ? 'FULLY_RENOVATED' : 'UNRENOVATED';
        else if (key === 'rt') filters.realtyType = value === 'N' ? 'NEW' : 'RESALE';
        else if (key === 'apt') filters.isApartHotel = value === '1';
        else if (key === 'at') filters.areaTotalGte = Number(value);
        else if (key === 'kt') filters.areaKitchenGte = Number(value);
        else if (key === 'dl') filters.deadlineLte = Number(value);
        else if (key === 'st') filters.stageIsPut = true;
        else if (key === 'c') filters.cityIds = [Number(value)];
        else if (key === 'w')
          for (const w of value.split(',')) {
            const [code, level] = w.split(':');
            wishes[code!] = level === 'V' ? 'VERY_IMPORTANT' : level === 'D' ? 'DESIRABLE' : 'IMPORTANT';
          }
        else throw new Error(`неизвестный ключ ${key} в «${line}»`);
      }
      return { city, text: text!, expected: { filters, wishes } };
    });
}

/** Exact: every filter and wish as expected, nothing more. */
export const exact = (got: Pick<ParseResult, 'filters' | 'wishes'>, want: Case['expected']) =>
  JSON.stringify(sortKeys(got.filters)) === JSON.stringify(sortKeys(want.filters)) &&
  JSON.stringify(sortKeys(got.wishes)) === JSON.stringify(sortKeys(want.wishes));

const sortKeys = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
