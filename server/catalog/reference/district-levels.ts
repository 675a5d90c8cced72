/**
 * How dear each district is relative to its city's average ₽/m² (1 = city average before calibration).
 * The reference CSV gives only city and region averages, so the shape inside a city is written by hand
 * from how these markets are known to be: the historic centre and prestige districts highest, the
 * outskirts lower, the region's suburbs lowest (Leningrad and Moscow regions average about 0.55–0.65
 * of the city in the same CSV, which sets the suburbs' level).
 */
const SPB: Record<string, number> = {
  Центральный: 1.75,
  Петроградский: 1.7,
  Адмиралтейский: 1.45,
  Василеостровский: 1.38,
  Московский: 1.22,
  Приморский: 1.12,
  Курортный: 1.05,
  Выборгский: 1.0,
  Калининский: 0.95,
  Красногвардейский: 0.92,
  Фрунзенский: 0.9,
  Невский: 0.89,
  Кировский: 0.88,
  Петродворцовый: 0.86,
  Пушкинский: 0.86,
  Красносельский: 0.84,
  Кронштадтский: 0.8,
  Колпинский: 0.78,
  'Всеволожский район (Кудрово)': 0.66,
  'Всеволожский район (Мурино)': 0.63,
  'Ломоносовский район': 0.58,
  'Гатчинский район': 0.52,
};

/** Moscow: a level per administrative okrug, then the districts that stand out of their okrug. */
const MOSCOW_OKRUG: Record<string, number> = {
  ЦАО: 2.0,
  ЗАО: 1.15,
  ЮЗАО: 1.1,
  САО: 1.05,
  СЗАО: 1.0,
  СВАО: 0.93,
  ЮАО: 0.88,
  ВАО: 0.86,
  ЮВАО: 0.83,
  ЗелАО: 0.7,
};
const MOSCOW: Record<string, number> = {
  Хамовники: 2.45,
  Якиманка: 2.4,
  Арбат: 2.35,
  Пресненский: 2.25,
  Тверской: 2.2,
  Замоскворечье: 2.05,
  Мещанский: 1.8,
  Басманный: 1.75,
  Таганский: 1.72,
  Красносельский: 1.72,
  Дорогомилово: 1.6,
  Раменки: 1.45,
  Гагаринский: 1.45,
  Крылатское: 1.35,
  Ломоносовский: 1.3,
  Хорошёвский: 1.3,
  Беговой: 1.32,
  Аэропорт: 1.3,
  Сокол: 1.28,
  'Филёвский Парк': 1.25,
  Даниловский: 1.25,
  Донской: 1.25,
  Савёловский: 1.2,
  Внуково: 0.78,
  'Ново-Переделкино': 0.8,
  Солнцево: 0.85,
  'Северное Бутово': 0.9,
  'Южное Бутово': 0.84,
  Некрасовка: 0.68,
  Капотня: 0.72,
  'Бирюлёво Восточное': 0.75,
  'Бирюлёво Западное': 0.76,
  Молжаниновский: 0.72,
  'Косино-Ухтомский': 0.76,
  Куркино: 0.95,
  Красногорск: 0.62,
  Химки: 0.6,
  Одинцово: 0.6,
  Мытищи: 0.58,
  Видное: 0.54,
  Люберцы: 0.52,
  Балашиха: 0.52,
};

const ROSTOV: Record<string, number> = {
  Кировский: 1.3,
  Ленинский: 1.25,
  Ворошиловский: 1.06,
  Октябрьский: 1.0,
  Пролетарский: 0.9,
  Советский: 0.88,
  Первомайский: 0.87,
  Железнодорожный: 0.85,
  'Аксайский район': 0.8,
  Батайск: 0.68,
};

const NOVOSIBIRSK: Record<string, number> = {
  Центральный: 1.35,
  Железнодорожный: 1.25,
  Заельцовский: 1.1,
  Октябрьский: 1.08,
  Советский: 1.04,
  Дзержинский: 0.95,
  Ленинский: 0.9,
  Калининский: 0.88,
  Кировский: 0.88,
  Первомайский: 0.8,
  'Новосибирский район': 0.75,
  Бердск: 0.72,
};

const YEKATERINBURG: Record<string, number> = {
  Ленинский: 1.3,
  Октябрьский: 1.15,
  'Верх-Исетский': 1.14,
  Кировский: 1.0,
  Академический: 0.95,
  Железнодорожный: 0.94,
  Чкаловский: 0.9,
  Орджоникидзевский: 0.82,
  'Верхняя Пышма': 0.78,
  Берёзовский: 0.72,
};

const BY_CITY: Record<number, Record<string, number>> = { 78: SPB, 77: MOSCOW, 161: ROSTOV, 541: NOVOSIBIRSK, 661: YEKATERINBURG };

/**
 * The district's level, or null when the table does not know it (the generator then falls back
 * to distance from the centre).
 */
export function districtLevel(kladr: number, name: string, okrug?: string): number | null {
  const own = BY_CITY[kladr]?.[name];
  if (own !== undefined) return own;
  if (kladr === 77 && okrug) return MOSCOW_OKRUG[okrug] ?? null;
  return null;
}
