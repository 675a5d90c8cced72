import { adjectiveGender, tokenize, type Token } from './grammar';
import { nameAt, type PlaceName, type Vocabulary } from './vocabulary';

export type Importance = 'DESIRABLE' | 'IMPORTANT' | 'VERY_IMPORTANT';

/** The profile filter fields a sentence can set (the same names as TOP's and AI search's profiles). */
export interface ParsedFilters {
  cityIds?: number[];
  areaIds?: number[];
  metroIds?: number[];
  priceTotalMinGte?: number;
  priceTotalMinLte?: number;
  roomsCntForFilter?: number[];
  realtyType?: 'NEW' | 'RESALE';
  renovationType?: 'FULLY_RENOVATED' | 'UNRENOVATED';
  isApartHotel?: boolean;
  areaTotalGte?: number;
  areaKitchenGte?: number;
  deadlineLte?: number;
  stageIsPut?: boolean;
}

export interface ParseResult {
  filters: ParsedFilters;
  wishes: Record<string, Importance>;
  parts: Array<{ field: string; text: string }>;
  unknown: string[];
}

/** Words that carry no filter of their own: consumed silently. */
const STOP = new Set(
  (
    'хочу хотим хотелось хотела хотел ищу ищем ищет нужна нужен нужно нужны надо купить куплю покупка покупаю рассматриваю ' +
    'квартира квартиру квартиры квартир квартирка квартирку жилье жилья вариант варианты варианты вариантов объект ' +
    'в во на с со у и или а до от к ко по для под около возле рядом недалеко близко ближе поближе район районе района районы ' +
    'метро м ст станция станции станцией пожалуйста плиз чтобы чтоб был была было были это этот эта мне нам нас мы я ' +
    'можно лучше пешком пешей шаговой доступности доступность минут минуты минуту мин года году год г где которая который ' +
    'дом доме дома дому домом комнаты комнат комната срочно недорогую просто еще также тоже либо любой любая любую ' +
    'городе город города области р руб рублей рубля ₽ млн тыс'
  ).split(' '),
);

const NEAR = new Set(['у', 'возле', 'около', 'рядом', 'близко', 'недалеко', 'ближе', 'поближе', 'шаговой', 'пешком', 'пешей']);
const METRO_CONTEXT = new Set(['метро', 'м', 'ст', 'станция', 'станции', 'станцией', 'у', 'около', 'возле']);
const AREA_CONTEXT = new Set(['район', 'районе', 'района', 'в', 'во']);

const roundPrice = (n: number) => Math.round(n / 100_000) * 100_000;

/** Reads one sentence in the city `cityId` (a named city wins). Pure: the vocabulary comes from the reference tables. */
export function parseSentence(text: string, cityId: number, vocabulary: Vocabulary): ParseResult {
  const t = tokenize(text);
  const used = t.map(() => false);
  const filters: ParsedFilters = {};
  const wishes: Record<string, Importance> = {};
  const parts: ParseResult['parts'] = [];
  const rooms = new Set<number>();
  const areas = new Set<number>();
  const metro = new Set<number>();
  let pending: { importance: Importance; at: number } | null = null;

  const n = (i: number) => t[i]?.norm ?? '';
  const stemAt = (i: number) => t[i]?.stem ?? '';
  const valueAt = (i: number) => t[i]?.value ?? null;
  const has = (i: number, re: RegExp) => re.test(n(i));
  const take = (from: number, count: number, field: string) => {
    for (let k = from; k < from + count; k++) used[k] = true;
    parts.push({
      field,
      text: t
        .slice(from, from + count)
        .map((x) => x.raw)
        .join(' '),
    });
    return count;
  };
  const wish = (code: string, from: number, count: number) => {
    const importance = pending && from - pending.at <= 4 ? pending.importance : 'IMPORTANT';
    pending = null;
    wishes[code] = importance;
    return take(from, count, `wish:${code}`);
  };
  const negated = (i: number) => ['не', 'без', 'кроме'].includes(n(i - 1)) || (n(i - 1) === 'на' && n(i - 2) === 'не');

  // The city first: the districts and stations are looked up in it.
  const stems = t.map((x) => x.stem);
  let city = cityId;
  t.forEach((_, i) => {
    const named = (vocabulary.byStem.get(stemAt(i)) ?? []).find((p) => p.kind === 'city' && nameAt(p, stems, i));
    if (named) {
      city = named.cityId;
      take(i, named.stems.length, 'city');
    }
  });
  if (city !== cityId) filters.cityIds = [city];

  /** An amount of money at i: «15 млн», «15,5 миллиона», «900 тыс», «900к», «12 000 000», «пятнадцать миллионов». */
  const money = (i: number, bareMillions: boolean): { amount: number; len: number } | null => {
    const v = valueAt(i);
    if (v === null) return null;
    const unit = n(i + 1);
    if (/^(млн|миллион|лям|мульт)/.test(unit)) return { amount: v * 1_000_000, len: 2 };
    if (/^(млрд|миллиард)/.test(unit)) return { amount: v * 1_000_000_000, len: 2 };
    if (/^(тыс|тысяч|т|к)$|^тысяч/.test(unit) && v < 1_000_000) return { amount: v * 1000, len: 2 };
    if (v >= 100_000) return { amount: v, len: /^(руб|р$)/.test(unit) ? 2 : 1 };
    if (bareMillions && v > 0 && v <= 300 && !/^(м|метр|кв|квадрат|минут|мин|этаж|комнат|к$|х$|год)/.test(unit))
      return { amount: v * 1_000_000, len: 1 };
    return null;
  };
  const setPrice = (gte: number | null, lte: number | null, from: number, count: number) => {
    if (gte !== null) filters.priceTotalMinGte = Math.round(gte);
    if (lte !== null) filters.priceTotalMinLte = Math.round(lte);
    return take(from, count, 'price');
  };
  const isAreaUnit = (i: number) => /^(м$|м2$|метр|кв$|квм|квадрат)/.test(n(i));
  const unitLen = (i: number) => (n(i) === 'м' && n(i + 1) === '2' ? 2 : n(i) === 'кв' && n(i + 1) === 'м' ? 2 : 1);
  const addRooms = (list: number[], from: number, count: number) => {
    for (const r of list) rooms.add(Math.min(4, Math.max(0, r)));
    return take(from, count, 'rooms');
  };
  const ROOM_WORD = /^(комнатн|комн$|к$|комнат|кк$)/;

  const rules: Array<(i: number) => number> = [
    // Importance words for the next wish.
    (i) => {
      if (has(i, /^(обязательно|главное|важно|непременно|критично)$/)) {
        pending = { importance: 'VERY_IMPORTANT', at: i };
        return take(i, 1, 'importance');
      }
      if (has(i, /^(желательно|хорошо|неплохо|возможности|идеально)$/)) {
        pending = { importance: 'DESIRABLE', at: i };
        const len = ['бы', 'было'].includes(n(i + 1)) ? 2 : 1;
        return take(i, len, 'importance');
      }
      return 0;
    },
    // Rooms in words: студия, однушка, двухкомнатная, трёшка…
    (i) => {
      const w = n(i);
      const table: Array<[RegExp, number[]]> = [
        [/^студи/, [0]],
        [/^(однушк|однокомн|однуш|одношк|евроодношк)/, [1]],
        [/^(двушк|двухкомн|двукомн|евродвушк|двушечк)/, [2]],
        [/^(трешк|трехкомн|трешечк|евротрешк)/, [3]],
        [/^(четырешк|четырехкомн|многокомн|пятикомн)/, [4]],
      ];
      for (const [re, list] of table) if (re.test(w)) return addRooms(list, i, 1);
      return 0;
    },
    // Rooms in numbers: «2к», «2-комнатная», «2-х комнатную», «1 или 2 комнаты», «1-2 комнатная», «от 2 комнат».
    (i) => {
      const v = valueAt(i);
      if (v === null || !Number.isInteger(v) || v < 1 || v > 9) return 0;
      let j = i + 1;
      const list = [v];
      if (n(j) === 'или' && valueAt(j + 1) !== null) {
        list.push(valueAt(j + 1)!);
        j += 2;
      } else if (valueAt(j) !== null && valueAt(j)! > v && valueAt(j)! <= 9) {
        for (let r = v + 1; r <= valueAt(j)!; r++) list.push(r);
        j += 1;
      }
      if (n(j) === 'х' || n(j) === 'ех' || n(j) === 'ух') j++;
      if (!ROOM_WORD.test(n(j))) return 0;
      // «к» is a thousand after a sum («900к»): rooms only for small counts.
      if (n(j) === 'к' && ['до', 'от', 'за'].includes(n(i - 1))) return 0;
      const from = n(i - 1) === 'от' || (n(i - 1) === 'меньше' && n(i - 2) === 'не') ? i - (n(i - 1) === 'от' ? 1 : 2) : i;
      const all = from < i ? [0, 1, 2, 3, 4].filter((r) => r >= v) : list;
      return addRooms(all, from, j + 1 - from);
    },
    // A price range: «от 8 до 12 млн», «8-12 млн», «от 8 млн до 12 млн».
    (i) => {
      const start = n(i) === 'от' ? i + 1 : i;
      const a = money(start, true);
      if (!a) return 0;
      let j = start + a.len;
      if (n(j) === 'до') j++;
      else if (start === i && a.len !== 1) return 0;
      const b = money(j, true);
      if (!b) return 0;
      let low = a.amount;
      // «от 8 до 12 млн»: the unit said once serves both.
      if (a.len === 1 && b.len === 2 && a.amount < 1_000_000_000 && a.amount / 1_000_000 <= 300)
        low = (a.amount / 1_000_000) * (b.amount / valueAt(j)!);
      if (low >= b.amount) return 0;
      return setPrice(low, b.amount, i, j + b.len - i);
    },
    // An upper price: «до 15 млн», «не дороже 12 млн», «дешевле 10 млн», «в пределах 9 млн», «бюджет 12 млн», «за 10 млн».
    (i) => {
      const words = [
        ['до'],
        ['не', 'дороже'],
        ['дешевле'],
        ['максимум'],
        ['не', 'больше'],
        ['не', 'более'],
        ['в', 'пределах'],
        ['бюджет'],
        ['за'],
        ['потолок'],
        ['в', 'рамках'],
      ];
      for (const w of words) {
        if (!w.every((x, k) => n(i + k) === x)) continue;
        const at = i + w.length + (n(i + w.length) === 'до' ? 1 : 0);
        const m = money(at, true);
        if (!m) continue;
        // «до 50 м²» is an area, «до 10 минут» a walk: money() refuses those units.
        return setPrice(null, m.amount, i, at + m.len - i);
      }
      return 0;
    },
    // A lower price: «от 10 млн», «дороже 8 млн», «не дешевле 6 млн».
    (i) => {
      const words = [['от'], ['дороже'], ['не', 'дешевле'], ['минимум'], ['не', 'меньше'], ['больше']];
      for (const w of words) {
        if (!w.every((x, k) => n(i + k) === x)) continue;
        const m = money(i + w.length, false);
        if (!m) continue;
        return setPrice(m.amount, null, i, i + w.length + m.len - i);
      }
      return 0;
    },
    // About a price: «около 10 млн», «примерно 12 млн», «в районе 9 млн» (±10 %).
    (i) => {
      const lead = ['около', 'примерно', 'порядка', 'приблизительно'].includes(n(i)) ? 1 : n(i) === 'в' && n(i + 1) === 'районе' ? 2 : 0;
      if (!lead) return 0;
      const m = money(i + lead, false);
      if (!m) return 0;
      return setPrice(roundPrice(m.amount * 0.9), roundPrice(m.amount * 1.1), i, lead + m.len);
    },
    // A bare sum with its unit («двушка 12 млн»): the most the buyer would pay.
    (i) => {
      const m = money(i, false);
      if (!m || m.amount < 500_000) return 0;
      return setPrice(null, m.amount, i, m.len);
    },
    // Area: «от 50 м²», «площадью от 60», «кухня от 12 метров», «с кухней не меньше 10 м».
    (i) => {
      let j = i;
      const kitchen = /^кухн/.test(n(j));
      const areaWord = /^площад/.test(n(j));
      if (kitchen || areaWord) j++;
      if (n(j) === 'от' || n(j) === 'минимум' || n(j) === 'больше') j++;
      else if (n(j) === 'не' && (n(j + 1) === 'меньше' || n(j + 1) === 'менее')) j += 2;
      const v = valueAt(j);
      if (v === null || v <= 0 || v > 500) return 0;
      const unit = isAreaUnit(j + 1);
      if (!unit && !(kitchen || areaWord)) return 0;
      if (!unit && j === i + (kitchen || areaWord ? 1 : 0)) return 0;
      const end = j + 1 + (unit ? unitLen(j + 1) : 0);
      const isKitchen = kitchen || [1, 2, 3].some((k) => /^кухн/.test(n(i - k)) && !used[i - k]);
      if (isKitchen) {
        if (!kitchen) for (let k = 1; k <= 3; k++) if (/^кухн/.test(n(i - k))) take(i - k, 1, 'areaKitchenGte');
        filters.areaKitchenGte = v;
        return take(i, end - i, 'areaKitchenGte');
      }
      filters.areaTotalGte = v;
      return take(i, end - i, 'areaTotalGte');
    },
    // A walk to the metro: «у метро», «рядом с метро», «10 минут до метро», «метро рядом».
    (i) => {
      const v = valueAt(i);
      if (v !== null && /^мин/.test(n(i + 1))) {
        const after = [n(i + 2), n(i + 3), n(i + 4)];
        const before = [n(i - 1), n(i - 2), n(i - 3)];
        if (after.includes('метро') || before.includes('метро')) {
          let end = i + 2;
          while (['пешком', 'до', 'от', 'метро', 'пешей'].includes(n(end))) end++;
          return wish('METRO_NEARBY', i, end - i);
        }
      }
      if (n(i) !== 'метро') return 0;
      const near = [n(i - 1), n(i - 2), n(i - 3)].some((w) => NEAR.has(w)) || ['рядом', 'близко', 'пешком', 'недалеко'].includes(n(i + 1));
      if (!near) return 0;
      const len = ['рядом', 'близко', 'пешком', 'недалеко'].includes(n(i + 1)) ? 2 : 1;
      return wish('METRO_NEARBY', i, len);
    },
    // New build or resale.
    (i) => {
      if (/^(новостро|новострой)/.test(n(i)) || (n(i) === 'от' && /^застройщик/.test(n(i + 1))) || n(i) === 'жк') {
        filters.realtyType = 'NEW';
        return take(i, n(i) === 'от' ? 2 : 1, 'realtyType');
      }
      if (/^(вторичк|вторичн|вторяк)/.test(n(i))) {
        filters.realtyType = 'RESALE';
        return take(i, /^жиль/.test(n(i + 1)) || /^рын/.test(n(i + 1)) ? 2 : 1, 'realtyType');
      }
      return 0;
    },
    // Finishing: «с отделкой», «с ремонтом», «под ключ» / «без отделки», «черновая», «в бетоне».
    (i) => {
      const w = n(i);
      if (/^(отделк|ремонт|евроремонт|чистов)/.test(w)) {
        const without = n(i - 1) === 'без' || (n(i - 1) === 'под' && /^ремонт/.test(w));
        const pre = /^(предчистов)/.test(n(i - 1)) ? 1 : 0;
        filters.renovationType = without ? 'UNRENOVATED' : 'FULLY_RENOVATED';
        const extra = /^отделк/.test(n(i + 1)) ? 1 : 0;
        return take(i - pre, 1 + pre + extra, 'renovationType');
      }
      if (/^(предчистов|черновая|черновой|черновую|бетон|вайтбокс)/.test(w) || (w === 'white' && n(i + 1) === 'box')) {
        filters.renovationType = 'UNRENOVATED';
        const extra = /^отделк/.test(n(i + 1)) || n(i + 1) === 'box' ? 1 : 0;
        return take(i, 1 + extra, 'renovationType');
      }
      if (w === 'под' && n(i + 1) === 'ключ') {
        filters.renovationType = 'FULLY_RENOVATED';
        return take(i, 2, 'renovationType');
      }
      if (/^(мебел)/.test(w)) {
        filters.renovationType = 'FULLY_RENOVATED';
        return take(i, 1, 'renovationType');
      }
      return 0;
    },
    // Apartments (апартаменты) or a flat only.
    (i) => {
      if (!/^апарт/.test(n(i))) return 0;
      filters.isApartHotel = !negated(i);
      return take(i, 1, 'isApartHotel');
    },
    // A finished house, a deadline: «дом сдан», «в сданном доме», «сдача в 2026», «сдача до 2027 года».
    (i) => {
      if (/^(сдан|готов)/.test(n(i)) && !/^сдач/.test(n(i))) {
        filters.stageIsPut = true;
        return take(i, 1, 'stageIsPut');
      }
      if (/^(заехать|въехать|заселиться|переехать)$/.test(n(i)) && n(i + 1) === 'сразу') {
        filters.stageIsPut = true;
        return take(i, 2, 'stageIsPut');
      }
      if (!/^(сдач|срок|ключи)/.test(n(i))) return 0;
      let j = i + 1;
      if (n(j) === 'сдачи') j++;
      let before = false;
      if (n(j) === 'в' || n(j) === 'во') j++;
      else if (n(j) === 'до' && n(j + 1) === 'конца') j += 2;
      else if (n(j) === 'до' || (n(j) === 'не' && n(j + 1) === 'позже')) {
        before = n(j) === 'до';
        j += n(j) === 'до' ? 1 : 2;
      }
      let quarter = 4;
      if (valueAt(j) !== null && valueAt(j)! >= 1 && valueAt(j)! <= 4 && /^квартал/.test(n(j + 1))) {
        quarter = valueAt(j)!;
        j += 2;
      }
      const year = valueAt(j);
      if (year === null || year < 2000 || year > 2100) return 0;
      filters.deadlineLte = before && quarter === 4 ? (year - 1) * 10 + 4 : year * 10 + quarter;
      const end = j + 1 + (/^год/.test(n(j + 1)) ? 1 : 0);
      return take(i, end - i, 'deadlineLte');
    },
    // Floors: «не первый этаж», «не на первом этаже», «высокий этаж».
    (i) => {
      if (/^перв/.test(n(i)) && /^этаж/.test(n(i + 1)) && negated(i)) {
        const from = n(i - 1) === 'на' ? i - 2 : i - 1;
        return wish('NOT_FIRST_FLOOR', from, i + 2 - from);
      }
      if (/^(высок|верхн)/.test(n(i)) && /^этаж/.test(n(i + 1))) return wish('HIGH_FLOOR', i, 2);
      if (n(i) === 'видом' || (n(i) === 'вид' && n(i + 1) === 'на')) return wish('HIGH_FLOOR', i, 1);
      return 0;
    },
    // Wishes named by a word or two.
    (i) => {
      const w = n(i);
      const s = stemAt(i);
      if (/^школ/.test(w)) return wish('SCHOOL', i, 1);
      if ((/^детск/.test(w) && /^сад/.test(n(i + 1))) || /^(садик|детсад)/.test(w))
        return wish('KINDERGARTEN', i, /^детск/.test(w) ? 2 : 1);
      if (/^(парк|сквер|лесопарк)/.test(w) && !/^парковк|^паркинг/.test(w)) return wish('PARK', i, 1);
      if (/^(магазин|супермаркет|тц$|торгов)/.test(w)) return wish('SHOPS', i, /^торгов/.test(w) && /^центр/.test(n(i + 1)) ? 2 : 1);
      if (/^(поликлиник|больниц|клиник)/.test(w)) return wish('CLINIC', i, 1);
      if (/^(парковк|паркинг|машиномест)/.test(w)) return wish('PARKING', i, 1);
      if (/^(больш|просторн)/.test(w) && /^кухн/.test(n(i + 1))) return wish('BIG_KITCHEN', i, 2);
      if (/^закрыт/.test(w) && /^(двор|территор)/.test(n(i + 1))) return wish('CLOSED_YARD', i, 2);
      if (s === 'центр' || (/^центр/.test(w) && w.length <= 7)) return wish('CLOSE_TO_CENTRE', i, 1);
      if (/^(ниже|дешевле)$/.test(w) && /^рын/.test(n(i + 1))) return wish('PRICE_BELOW_MARKET', i, 2);
      if (/^(выгодн|недорог)/.test(w)) return wish('PRICE_BELOW_MARKET', i, 1);
      return 0;
    },
  ];

  /** A district or station at i: the longest name; a name both a district and a station goes by its context. */
  const place = (i: number, minWords = 1): number => {
    const candidates = (vocabulary.byStem.get(stemAt(i)) ?? []).filter(
      (p) => p.kind !== 'city' && p.cityId === city && nameAt(p, stems, i) && !used.slice(i, i + p.stems.length).some(Boolean),
    );
    if (candidates.length === 0) return 0;
    const longest = Math.max(...candidates.map((p) => p.stems.length));
    if (longest < minWords) return 0;
    const top = candidates.filter((p) => p.stems.length === longest);
    const pick = (kind: 'area' | 'metro') => top.filter((p) => p.kind === kind);
    let chosen: PlaceName[] = top;
    if (pick('area').length && pick('metro').length) {
      const prev = [n(i - 1), n(i - 2)];
      const next = n(i + longest);
      const gender = longest === 1 ? adjectiveGender(n(i)) : 'unknown';
      const metroSide =
        prev.some((w) => METRO_CONTEXT.has(w) && w !== 'в') || gender === 'feminine'
          ? true
          : /^район/.test(next) || prev.some((w) => AREA_CONTEXT.has(w)) || gender === 'masculine' || gender === 'neuter'
            ? false
            : true;
      chosen = pick(metroSide ? 'metro' : 'area');
    }
    for (const p of chosen) for (const id of p.ids) (p.kind === 'area' ? areas : metro).add(id);
    return take(i, longest, chosen[0]!.kind === 'area' ? 'areaIds' : 'metroIds');
  };

  // Each rule marks what it read; what it read may begin before i («от 2 комнат» is seen at «2»).
  for (let i = 0; i < t.length; i++) {
    if (used[i]) continue;
    // A name of several words first: «Парк Победы» is a station, not a wish for a park; «Площадь Ленина» not an area.
    if (place(i, 2) > 0) continue;
    if (!rules.some((rule) => rule(i) > 0)) place(i);
  }

  const unknown: string[] = [];
  t.forEach((tok: Token, i) => {
    if (used[i] || STOP.has(tok.norm)) return;
    // «не» and «без» belong to what follows; alone they say nothing.
    if (['не', 'без', 'кроме', 'бы', 'только', 'чем', 'как', 'х', 'ех'].includes(tok.norm)) return;
    unknown.push(tok.raw);
  });

  if (rooms.size) filters.roomsCntForFilter = [...rooms].sort((a, b) => a - b);
  if (areas.size) filters.areaIds = [...areas].sort((a, b) => a - b);
  if (metro.size) filters.metroIds = [...metro].sort((a, b) => a - b);
  return { filters, wishes, parts, unknown };
}
