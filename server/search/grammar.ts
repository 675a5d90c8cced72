/**
 * The little Russian grammar the sentence search needs, written here (no morphology package): tokens, a stemmer
 * that strips one case/number/gender ending so «Приморском», «Приморского» and «Приморский» meet at «приморск»,
 * the ending's gender for names that are both a district and a station, and numbers written in words.
 */

export interface Token {
  /** As typed (for the words it did not understand). */
  raw: string;
  /** Lower case, ё → е. */
  norm: string;
  stem: string;
  /** A number written with digits (15, 15,5, 15 000 000) or in words (пятнадцать, полтора). */
  value: number | null;
}

export const normalize = (s: string): string => s.toLowerCase().replace(/ё/g, 'е');

/** Inflectional endings, longest first: adjectives, then nouns. */
const ENDINGS = [
  'ыми',
  'ими',
  'ого',
  'его',
  'ому',
  'ему',
  'ами',
  'ями',
  'иях',
  'ией',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ую',
  'юю',
  'ый',
  'ий',
  'ой',
  'ей',
  'ым',
  'им',
  'ом',
  'ем',
  'ых',
  'их',
  'ах',
  'ях',
  'ам',
  'ям',
  'ов',
  'ев',
  'ия',
  'ии',
  'ию',
  'ие',
  'ье',
  'ья',
  'ью',
  'ьи',
  'а',
  'я',
  'о',
  'е',
  'у',
  'ю',
  'ы',
  'и',
  'ь',
  'й',
];
const MIN_STEM = 3;

/** The word without its ending: one ending, and never shorter than three letters (so «сад» and «дом» stay). */
export function stem(word: string): string {
  const w = normalize(word);
  if (!/^[а-я]+$/.test(w)) return w;
  for (const e of ENDINGS) if (w.endsWith(e) && w.length - e.length >= MIN_STEM) return w.slice(0, -e.length);
  return w;
}

export type Gender = 'masculine' | 'feminine' | 'neuter' | 'plural' | 'unknown';

/**
 * The gender an adjective's ending shows: «Приморский/-ом/-ого» masculine (districts are «район»), «Войковская/-ой/-ую»
 * feminine (stations are «станция»). «-ой» is both (masc. nominative, fem. oblique): called feminine, since a district
 * in the nominative usually comes with «район».
 */
export function adjectiveGender(word: string): Gender {
  const w = normalize(word);
  if (/(ая|яя|ую|юю|ой|ей)$/.test(w)) return 'feminine';
  if (/(ый|ий|ого|его|ому|ему|ым|им|ом|ем)$/.test(w)) return 'masculine';
  if (/(ое|ее)$/.test(w)) return 'neuter';
  if (/(ые|ие|ых|их|ыми|ими)$/.test(w)) return 'plural';
  return 'unknown';
}

/** Cardinal numbers in words, by stem-free prefix of every case form used in a search phrase. */
const NUMBER_WORDS: Array<[RegExp, number]> = [
  [/^(полтора|полторы|полутора)$/, 1.5],
  [/^(один|одна|одну|одного|одной|одном|одних)$/, 1],
  [/^(два|две|двух|двум|двумя)$/, 2],
  [/^(три|трех|трем|тремя)$/, 3],
  [/^(четыре|четырех|четырем|четырьмя)$/, 4],
  [/^(пять|пяти|пятью)$/, 5],
  [/^(шесть|шести)$/, 6],
  [/^(семь|семи)$/, 7],
  [/^(восемь|восьми)$/, 8],
  [/^(девять|девяти)$/, 9],
  [/^(десять|десяти)$/, 10],
  [/^(одиннадцать|одиннадцати)$/, 11],
  [/^(двенадцать|двенадцати)$/, 12],
  [/^(тринадцать|тринадцати)$/, 13],
  [/^(четырнадцать|четырнадцати)$/, 14],
  [/^(пятнадцать|пятнадцати)$/, 15],
  [/^(шестнадцать|шестнадцати)$/, 16],
  [/^(семнадцать|семнадцати)$/, 17],
  [/^(восемнадцать|восемнадцати)$/, 18],
  [/^(девятнадцать|девятнадцати)$/, 19],
  [/^(двадцать|двадцати)$/, 20],
  [/^(тридцать|тридцати)$/, 30],
  [/^(сорок|сорока)$/, 40],
  [/^(пятьдесят|пятидесяти)$/, 50],
  [/^(шестьдесят|шестидесяти)$/, 60],
  [/^(семьдесят|семидесяти)$/, 70],
  [/^(восемьдесят|восьмидесяти)$/, 80],
  [/^(девяносто|девяноста)$/, 90],
  [/^(сто|ста)$/, 100],
];

export function numberWord(norm: string): number | null {
  for (const [re, n] of NUMBER_WORDS) if (re.test(norm)) return n;
  return null;
}

/** The largest number any filter holds (a price in roubles); a longer one is typed by mistake or by a script. */
const MAX_NUMBER = 1e12;

/**
 * The text as letters the rules read: composed (NFC: «и» + U+0306 is «й», «е» + U+0308 is «ё»), then without the marks
 * that have no letter of their own (a stress mark «о́»), so an accented word stays one word.
 */
const plainLetters = (text: string): string => text.normalize('NFC').replace(/\p{M}+/gu, '');

/**
 * Words and numbers; digit groups («15 000 000») and decimals («15,5») stay one number, letters glued to digits
 * («2к», «900к», «м2») come apart, punctuation and symbols go. Tens and units in words («двадцать пять») are added.
 * A number no filter can hold — negative («до -5 млн»: a minus before it, not a dash between two numbers), or too
 * long to be a price — has no value, so it is not read as a filter and comes back among the words not understood.
 */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  const re = /(?<![\p{L}\d])[-−–](?=\d)|\d{1,3}(?:[ \u00a0]\d{3})+(?![\d.,])|\d+(?:[.,]\d+)?|[a-zа-яё]+/giu;
  let minus = '';
  for (const m of plainLetters(text).matchAll(re)) {
    const raw = minus + m[0];
    const signed = minus !== '';
    minus = '';
    if (/^[-−–]$/.test(m[0])) {
      // Only a sign when the number follows at once: the regex's lookahead made sure of it.
      minus = m[0];
      continue;
    }
    const norm = normalize(raw);
    if (/^[-−–]?\d/.test(norm)) {
      const value = Number(
        norm
          .replace(/^[-−–]/, '')
          .replace(/[ \u00a0]/g, '')
          .replace(',', '.'),
      );
      out.push({ raw, norm, stem: norm, value: signed || !(value <= MAX_NUMBER) ? null : value });
      continue;
    }
    const word = numberWord(norm);
    const previous = out.at(-1);
    // «двадцать пять»: tens then units make one number.
    if (
      word !== null &&
      word < 10 &&
      previous?.value !== null &&
      previous?.value !== undefined &&
      previous.value >= 20 &&
      previous.value % 10 === 0 &&
      !/^\d/.test(previous.norm)
    ) {
      previous.value += word;
      previous.raw += ` ${raw}`;
      continue;
    }
    out.push({ raw, norm, stem: stem(norm), value: word });
  }
  return out;
}
