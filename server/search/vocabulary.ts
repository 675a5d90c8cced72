import { adjectiveGender, normalize, stem, tokenize, type Gender } from './grammar';

/** The names a sentence may use, from the reference tables: districts and stations of each city, the cities. */
export interface VocabularyInput {
  cities: Array<{ id: number; name: string; prepositional: string; aliases?: string[] }>;
  areas: Array<{ id: number; cityId: number; name: string }>;
  metro: Array<{ id: number; cityId: number; name: string }>;
}

export type PlaceKind = 'area' | 'metro' | 'city';

/** One name as stems: «Бирюлёво Восточное» → [бирюлев, восточн]; ids of everything that carries it. */
export interface PlaceName {
  kind: PlaceKind;
  cityId: number;
  ids: number[];
  name: string;
  stems: string[];
  /** Of the name's adjective, if it is one word («Приморский» masculine, «Войковская» feminine). */
  gender: Gender;
}

export interface Vocabulary {
  /** Names by the stem of their first word (either word of a two-word name, which may come in either order). */
  byStem: Map<string, PlaceName[]>;
  cities: VocabularyInput['cities'];
}

/** Words a name may carry that the buyer leaves out: «район», a parenthesis («Всеволожский район (Мурино)» → «Мурино»). */
const NAME_NOISE = new Set(['район', 'р', 'н']);

function namesOf(name: string): string[] {
  const inner = /\(([^)]+)\)/.exec(name)?.[1];
  const outer = name.replace(/\([^)]*\)/g, ' ').trim();
  const names = inner ? [inner, outer] : [outer];
  // «Улица Дыбенко» is «у Дыбенко» in speech.
  const street = /^улица\s+(.+)$/i.exec(outer)?.[1];
  return street ? [...names, street] : names;
}

const SPB = ['питер', 'питере', 'питера', 'спб', 'петербург', 'петербурге', 'петербурга', 'санкт'];
/** Everyday names of the supported cities (kladr id → words), beside their own names. */
export const CITY_ALIASES: Record<number, string[]> = {
  78: SPB,
  77: ['мск'],
  661: ['екб', 'екат', 'екате'],
  541: ['нск', 'новосиб', 'новосибе'],
  161: ['ростов', 'ростове', 'ростова'],
};

export function buildVocabulary(input: VocabularyInput): Vocabulary {
  const byStem = new Map<string, PlaceName[]>();
  const merged = new Map<string, PlaceName>();
  const add = (kind: PlaceKind, cityId: number, id: number, name: string) => {
    for (const variant of namesOf(name)) {
      const words = tokenize(variant)
        .filter((t) => !NAME_NOISE.has(t.norm))
        // «Технологический институт 1»: the line's number is not said («Площадь 1905 года» keeps its year).
        .filter((t, i, all) => !(kind === 'metro' && i === all.length - 1 && i > 0 && t.value !== null && t.value < 10));
      if (words.length === 0) continue;
      const stems = words.map((w) => w.stem);
      const key = `${kind}:${cityId}:${stems.join(' ')}`;
      const existing = merged.get(key);
      if (existing) {
        if (!existing.ids.includes(id)) existing.ids.push(id);
        continue;
      }
      const entry: PlaceName = {
        kind,
        cityId,
        ids: [id],
        name,
        stems,
        gender: words.length === 1 ? adjectiveGender(words[0]!.norm) : 'unknown',
      };
      merged.set(key, entry);
      const heads = stems.length === 2 ? [stems[0]!, stems[1]!] : [stems[0]!];
      for (const head of new Set(heads)) byStem.set(head, [...(byStem.get(head) ?? []), entry]);
    }
  };
  for (const a of input.areas) add('area', a.cityId, a.id, a.name);
  for (const m of input.metro) add('metro', m.cityId, m.id, m.name);
  for (const c of input.cities) {
    add('city', c.id, c.id, c.name);
    for (const alias of [c.prepositional, ...(CITY_ALIASES[c.id] ?? []), ...(c.aliases ?? [])]) {
      const s = stem(normalize(alias));
      const entry: PlaceName = { kind: 'city', cityId: c.id, ids: [c.id], name: c.name, stems: [s], gender: 'unknown' };
      byStem.set(s, [...(byStem.get(s) ?? []), entry]);
    }
  }
  return { byStem, cities: input.cities };
}

/** Whether the name's words stand at `at` (in order, or a two-word name reversed: «в Восточном Бирюлёве»). */
export function nameAt(name: PlaceName, stems: readonly string[], at: number): boolean {
  const n = name.stems.length;
  const here = stems.slice(at, at + n);
  if (here.length < n) return false;
  if (name.stems.every((s, i) => here[i] === s)) return true;
  return n === 2 && here[0] === name.stems[1] && here[1] === name.stems[0];
}
