import type { Random } from '../../catalog/reference/random';

/** Word lists for fictional complexes, developers and streets (no real brands). */
type Gender = 'm' | 'f' | 'n';

/** Adjectives in the masculine; the feminine and neuter are formed by `agree`. */
export const COMPLEX_ADJECTIVES = [
  'Северный',
  'Южный',
  'Светлый',
  'Зелёный',
  'Тихий',
  'Новый',
  'Речной',
  'Солнечный',
  'Лесной',
  'Парковый',
  'Ясный',
  'Высокий',
  'Лазурный',
  'Янтарный',
  'Золотой',
  'Серебряный',
  'Береговой',
  'Садовый',
  'Кленовый',
  'Липовый',
  'Цветной',
  'Морской',
  'Сосновый',
  'Звёздный',
  'Летний',
];

/** Nouns that read as a complex's name after an adjective, with their gender. */
const COMPLEX_NOUNS: ReadonlyArray<[string, Gender]> = [
  ['квартал', 'm'],
  ['парк', 'm'],
  ['берег', 'm'],
  ['двор', 'm'],
  ['сад', 'm'],
  ['город', 'm'],
  ['горизонт', 'm'],
  ['бульвар', 'm'],
  ['простор', 'm'],
  ['остров', 'm'],
  ['мир', 'm'],
  ['долина', 'f'],
  ['гавань', 'f'],
  ['роща', 'f'],
  ['высота', 'f'],
  ['слобода', 'f'],
  ['линия', 'f'],
  ['панорама', 'f'],
  ['поляна', 'f'],
  ['пространство', 'n'],
  ['побережье', 'n'],
];

/** Single-word names in the masculine («ЖК „Академический“»). */
const SINGLE_NAMES = ['Академический', 'Ботанический', 'Университетский', 'Полярный', 'Солнечный', 'Звёздный', 'Лесной', 'Северный'];

/** English-styled tails developers like: «Невский Сити», «Лесной Парк». */
const TAILS = ['Парк', 'Сити', 'Квартал', 'Резиденс'];

/** 'Северный' → 'Северная' / 'Северное'; 'Тихий' → 'Тихая'; 'Летний' → 'Летняя'; 'Морской' → 'Морская'. */
export function agree(adjective: string, gender: Gender): string {
  if (gender === 'm') return adjective;
  const stem = adjective.slice(0, -2);
  const end = adjective.slice(-2);
  const soft = end === 'ий' && !/[кгхжшчщ]$/.test(stem);
  if (soft) return stem + (gender === 'f' ? 'яя' : 'ее');
  const hushing = /[жшчщ]$/.test(stem);
  return stem + (gender === 'f' ? 'ая' : hushing && end !== 'ой' ? 'ее' : 'ое');
}

/**
 * Whether two words of a name share a root («Береговой берег», «Садовый сад», «Береговое побережье»):
 * one word holds the other's first four letters (three for a three-letter word).
 */
export function repeatsRoot(name: string): boolean {
  const words = name
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[^а-яa-z]+/)
    .filter((w) => w.length >= 3);
  for (let i = 0; i < words.length; i++)
    for (let j = 0; j < words.length; j++) {
      if (i === j) continue;
      const root = words[i]!.slice(0, 4);
      if (words[j]!.includes(root)) return true;
    }
  return false;
}

/** A district name usable in a complex's name: an adjective like «Выборгский», «Приморский». */
function districtAdjective(district: string): string | null {
  return /^[А-ЯЁ][а-яё]+(ский|цкий|ный|ной)$/.test(district) ? district : null;
}

/** The inner part of «ЖК „…“», drawn until it is free of tautologies and not taken in the city. */
export function complexName(rnd: Random, district: string, taken: Set<string>): string {
  const local = districtAdjective(district);
  for (let attempt = 0; attempt < 40; attempt++) {
    const roll = rnd.next();
    let name: string;
    if (roll < 0.55) {
      const [noun, gender] = rnd.pick(COMPLEX_NOUNS);
      name = `${agree(rnd.pick(COMPLEX_ADJECTIVES), gender)} ${noun}`;
    } else if (roll < 0.7) {
      name = rnd.pick(SINGLE_NAMES);
    } else if (roll < 0.85 && local) {
      name = rnd.chance(0.5) ? `${local} ${rnd.pick(TAILS)}` : `${local} ${rnd.pick(['квартал', 'парк', 'двор'])}`;
    } else {
      name = `${rnd.pick(COMPLEX_ADJECTIVES)} ${rnd.pick(TAILS)}`;
    }
    if (!repeatsRoot(name) && !taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // Every draw collided: a numbered phase of a name still reads like a real one («Северный парк 2»).
  const base = rnd.pick(SINGLE_NAMES);
  let n = 2;
  while (taken.has(`${base} ${n}`)) n++;
  taken.add(`${base} ${n}`);
  return `${base} ${n}`;
}

export const DEVELOPERS = [
  'Группа «Основа»',
  'СК «Гранит»',
  'ГК «Меридиан»',
  'Девелопер «Квадрат»',
  'ГК «Стрела»',
  'СК «Монолит-Строй»',
  'ГК «Новые кварталы»',
  'Группа «Эталон-Дом»',
  'ГК «Северная линия»',
  'СК «Век»',
  'ГК «Прайм Девелопмент»',
  'Группа «Родные края»',
  'ГК «Арка»',
  'СК «Фундамент»',
  'ГК «Территория»',
  'Группа «Светлый город»',
];
export const STREETS = [
  'ул. Садовая',
  'ул. Лесная',
  'ул. Школьная',
  'ул. Советская',
  'ул. Молодёжная',
  'ул. Центральная',
  'ул. Набережная',
  'пр. Мира',
  'ул. Строителей',
  'ул. Победы',
  'ул. Гагарина',
  'ул. Пушкина',
  'ул. Лермонтова',
  'ул. Чехова',
  'ул. Заречная',
  'ул. Полевая',
  'ул. Луговая',
  'ул. Парковая',
  'бул. Новаторов',
  'пр. Ветеранов',
  'ул. Кирова',
  'ул. Островского',
  'ул. Дружбы',
  'ул. Весенняя',
  'ул. Новая',
  'ул. Солнечная',
  'ул. Мичурина',
  'ул. Тургенева',
  'пр. Космонавтов',
  'ул. Вишнёвая',
  'ул. Ломоносова',
  'ул. Жукова',
];

/**
 * The street as it follows «Дом на …»: adjectival names take the prepositional
 * ('ул. Садовая' → 'ул. Садовой', 'ул. Весенняя' → 'ул. Весенней'); genitive ones stay ('ул. Пушкина', 'пр. Мира').
 */
export function streetAfterNa(street: string): string {
  return street.replace(/([а-яё]+)(ая|яя)$/, (_, stem: string, end: string) => stem + (end === 'ая' ? 'ой' : 'ей'));
}
export const INFRA_NAMES: Record<'SCHOOL' | 'KINDERGARTEN' | 'PARK' | 'SHOP' | 'CLINIC', readonly string[]> = {
  SCHOOL: ['Школа №', 'Гимназия №', 'Лицей №'],
  KINDERGARTEN: ['Детский сад №'],
  PARK: ['Сквер', 'Парк', 'Бульвар'],
  SHOP: ['Супермаркет', 'Торговый центр', 'Продукты'],
  CLINIC: ['Поликлиника №', 'Медицинский центр'],
};
