import { describe, expect, it } from 'vitest';
import { adjectiveGender, numberWord, parseSentence, stem, tokenize, vocabularyFromFiles } from '../../../server/search';
import { useTestServer } from '../helpers';
import { exact, phraseCases } from './expectations';

const { vocabulary, input } = vocabularyFromFiles();
const idsOf = (list: Array<{ id: number; cityId: number; name: string }>, city: number, name: string) =>
  list.filter((x) => x.cityId === city && x.name === name).map((x) => x.id);

describe('the grammar', () => {
  it('one stem for every case of a district, a station, a suburb', () => {
    for (const forms of [
      ['Приморский', 'Приморского', 'Приморском', 'Приморскому', 'Приморским'],
      ['Войковская', 'Войковской', 'Войковскую'],
      ['Сокол', 'Сокола', 'Соколе', 'Соколом'],
      ['Мытищи', 'Мытищах', 'Мытищам'],
      ['Площадь', 'Площади'],
      ['Чистые', 'Чистых'],
      ['Бирюлёво', 'Бирюлёве'],
    ])
      expect(new Set(forms.map(stem)).size, forms.join(' ')).toBe(1);
    // Short words keep their letters: «сад» is not «са».
    expect(stem('сад')).toBe('сад');
    expect(stem('садом')).toBe('сад');
  });

  it('an adjective’s gender tells a district («-ом») from a station («-ой»)', () => {
    expect(adjectiveGender('Приморском')).toBe('masculine');
    expect(adjectiveGender('Приморской')).toBe('feminine');
    expect(adjectiveGender('Отрадное')).toBe('neuter');
    expect(adjectiveGender('Химках')).toBe('unknown');
  });

  it('numbers in words and digits; digit groups and decimals stay one number', () => {
    expect(numberWord('пятнадцати')).toBe(15);
    expect(numberWord('полутора')).toBe(1.5);
    expect(tokenize('до двадцати пяти миллионов').map((t) => t.value)).toEqual([null, 25, null]);
    expect(tokenize('до 12 000 000 ₽ или 15,5 млн').map((t) => t.value)).toEqual([null, 12_000_000, null, 15.5, null]);
    expect(tokenize('2к 900к м2').map((t) => t.norm)).toEqual(['2', 'к', '900', 'к', 'м', '2']);
  });
});

describe('a sentence becomes filters', () => {
  it('the issue’s example: rooms, price, walk to metro, finishing, district', () => {
    const r = parseSentence('двушка у метро до 15 млн с отделкой в Приморском', 78, vocabulary);
    expect(r.filters).toEqual({
      roomsCntForFilter: [2],
      priceTotalMinLte: 15_000_000,
      renovationType: 'FULLY_RENOVATED',
      areaIds: idsOf(input.areas, 78, 'Приморский'),
    });
    expect(r.wishes).toEqual({ METRO_NEARBY: 'IMPORTANT' });
    expect(r.unknown).toEqual([]);
    expect(r.parts.map((p) => p.field)).toEqual(['rooms', 'wish:METRO_NEARBY', 'price', 'renovationType', 'areaIds']);
  });

  it('words it cannot place come back as they were typed', () => {
    const r = parseSentence('двушка с камином и видом на Неву', 78, vocabulary);
    expect(r.filters.roomsCntForFilter).toEqual([2]);
    expect(r.unknown).toEqual(['камином', 'Неву']);
  });

  it('a name that is both a district and a station goes by its context', () => {
    const sokolArea = idsOf(input.areas, 77, 'Сокол');
    const sokolStation = idsOf(input.metro, 77, 'Сокол');
    expect(parseSentence('двушка в районе Сокол', 77, vocabulary).filters.areaIds).toEqual(sokolArea);
    expect(parseSentence('двушка у Сокола', 77, vocabulary).filters.metroIds).toEqual(sokolStation);
    expect(parseSentence('трешка в Приморском районе', 78, vocabulary).filters.areaIds).toEqual(idsOf(input.areas, 78, 'Приморский'));
    expect(parseSentence('трешка у Приморской', 78, vocabulary).filters.metroIds).toEqual(idsOf(input.metro, 78, 'Приморская'));
  });

  it('a city named in the sentence is the city: its districts and stations are looked up there, and nothing is dropped silently', () => {
    const moscow = parseSentence('однушка в Москве до 12 млн рядом с метро', 78, vocabulary);
    expect(moscow.filters).toEqual({ cityIds: [77], roomsCntForFilter: [1], priceTotalMinLte: 12_000_000 });
    expect(moscow.wishes).toEqual({ METRO_NEARBY: 'IMPORTANT' });
    expect(moscow.unknown).toEqual([]);
    expect(moscow.parts.map((p) => p.field)).toEqual(['city', 'rooms', 'price', 'wish:METRO_NEARBY']);
    // A balcony is no filter or wish of ours: it comes back as not understood, to be said, never dropped.
    const yekaterinburg = parseSentence('трёшка в Екатеринбурге с балконом', 78, vocabulary);
    expect(yekaterinburg.filters).toEqual({ cityIds: [661], roomsCntForFilter: [3] });
    expect(yekaterinburg.unknown).toEqual(['балконом']);
    // The named city's places, not the current one's: «Сокол» in Moscow, asked from Petersburg.
    expect(parseSentence('двушка в Москве у Сокола', 78, vocabulary).filters).toEqual({
      cityIds: [77],
      roomsCntForFilter: [2],
      metroIds: idsOf(input.metro, 77, 'Сокол'),
    });
    // The current city named is no switch.
    expect(parseSentence('двушка в Питере', 78, vocabulary).filters).toEqual({ roomsCntForFilter: [2] });
  });

  const cases = phraseCases(input);
  it(`${cases.length} written phrases: at least 90 % give exactly the filters and wishes written for them`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(200);
    const misses = cases.filter((c) => !exact(parseSentence(c.text, c.city, vocabulary), c.expected));
    const share = 1 - misses.length / cases.length;
    expect(share, misses.map((m) => m.text).join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  const heldOut = phraseCases(input, 'heldOut');
  it(`${heldOut.length} held-out phrases (written after the grammar, never tuned against): at least 90 % exact too`, () => {
    const misses = heldOut.filter((c) => !exact(parseSentence(c.text, c.city, vocabulary), c.expected));
    expect(1 - misses.length / heldOut.length, misses.map((m) => m.text).join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

describe('odd input is refused as «не поняли», never misread', () => {
  it('a number of 500 digits is a word not understood, not an empty filter', () => {
    const digits = '9'.repeat(500);
    for (const text of [digits, `до ${digits} млн`, `от ${digits} м²`]) {
      const r = parseSentence(text, 78, vocabulary);
      expect(r.filters, text.slice(0, 20)).toEqual({});
      expect(r.unknown, text.slice(0, 20)).toEqual([digits]);
    }
  });

  it('a negative sum or area is not understood: «до -5 млн» is not five million', () => {
    for (const text of ['до -5 млн', 'до −5 млн', 'от -50 м²']) {
      const r = parseSentence(text, 78, vocabulary);
      expect(r.filters, text).toEqual({});
      expect(r.unknown, text).toHaveLength(1);
      expect(r.unknown[0], text).toMatch(/5/);
    }
    // A range keeps its dash.
    expect(parseSentence('8-12 млн', 78, vocabulary).filters).toEqual({ priceTotalMinGte: 8_000_000, priceTotalMinLte: 12_000_000 });
  });

  it('combining accents are one word with their letter: a stress mark, a decomposed «й» and «ё»', () => {
    const stressed = parseSentence('одну\u0301шка в Примо\u0301рском', 78, vocabulary);
    expect(stressed.filters).toEqual({ roomsCntForFilter: [1], areaIds: idsOf(input.areas, 78, 'Приморский') });
    expect(stressed.unknown).toEqual([]);
    const decomposed = parseSentence('однушка в Приморски\u0306 райо\u0301н, тр\u0435\u0308шка', 78, vocabulary);
    expect(decomposed.filters).toEqual({ roomsCntForFilter: [1, 3], areaIds: idsOf(input.areas, 78, 'Приморский') });
    expect(decomposed.unknown).toEqual([]);
  });
});

describe('POST /api/search/parse', () => {
  const server = useTestServer('pglite', { demoCatalogue: false });

  it('answers the profile filter fields from the server’s reference tables', async () => {
    const res = await server.request('searchParse', { body: { text: 'однушку или двушку от 8 до 12 млн у Войковской', cityId: 77 } });
    expect(res.status).toBe(200);
    expect(res.body.data.filters).toEqual({
      roomsCntForFilter: [1, 2],
      priceTotalMinGte: 8_000_000,
      priceTotalMinLte: 12_000_000,
      metroIds: idsOf(input.metro, 77, 'Войковская'),
    });
  });

  it('refuses an unknown city and an overlong text in Russian; an empty text is simply nothing understood', async () => {
    const city = await server.request('searchParse', { body: { text: 'двушка', cityId: 999 } });
    expect(city.status).toBe(400);
    expect(city.body.message).toMatch(/город не поддерживается/);
    const long = await server.request('searchParse', { body: { text: 'а'.repeat(501), cityId: 78 } });
    expect(long.status).toBe(400);
    const digits = await server.request('searchParse', { body: { text: `до ${'1'.repeat(490)} млн`, cityId: 78 } });
    expect(digits.status).toBe(200);
    expect(digits.body.data).toMatchObject({ filters: {}, unknown: ['1'.repeat(490)] });
    const empty = await server.request('searchParse', { body: { text: '', cityId: 78 } });
    expect(empty.body.data).toEqual({ filters: {}, wishes: {}, parts: [], unknown: [] });
  });
});
