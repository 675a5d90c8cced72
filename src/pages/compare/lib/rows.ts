import type { MortgageOffer } from '@kvarta/contract/mortgage';
import { sellerTitle } from '@kvarta/contract/seller';
import { offerTerms } from '@/entities/mortgage';
import type { ApartmentDetail, SelectionInfo } from '@/shared/api';
import { deadlineText, formatNumber, roomsAndArea, unitKind } from '@/shared/lib';

/** One compared apartment: its page's data and, once known, the AI index for this user. */
export interface Compared {
  apartment: ApartmentDetail;
  info: SelectionInfo | undefined;
  /** The lowest payment among the programmes open to everyone, with its terms; null where none applies. */
  offer: MortgageOffer | null;
}

/**
 * A row of the table: the text per apartment, and the number that decides which is best (if any is). `note`: what
 * must stand beside the text without being compared (a payment's terms), in small print under it.
 */
export interface CompareRow {
  key: string;
  title: string;
  cells: (c: Compared) => { text: string; note?: string; value?: number | null };
  /** Which way is better: 'low' (price), 'high' (area), or none (a fact, not a merit). */
  better?: 'low' | 'high';
}

const HOUSE_TYPE: Record<string, string> = {
  MONOLITH: 'Монолитный',
  MONOLITH_BRICK: 'Монолитно-кирпичный',
  BRICK: 'Кирпичный',
  PANEL: 'Панельный',
  BLOCK: 'Блочный',
};
const CLASS: Record<string, string> = { ECONOMY: 'эконом', COMFORT: 'комфорт', BUSINESS: 'бизнес', PREMIUM: 'премиум' };

export const titleOf = (a: ApartmentDetail) => roomsAndArea(a.roomsCnt, a.areaTotal, 'nominative', unitKind(a.isApartHotel));

/**
 * The monthly payment's row: only where a lender's programme gives the figure, and always with its programme, rate,
 * term, down payment and lender beside it (advertising law).
 */
const MORTGAGE_ROW: CompareRow = {
  key: 'mortgage',
  title: 'Платёж по ипотеке',
  better: 'low',
  cells: ({ offer }) =>
    offer
      ? {
          text: formatNumber(offer.monthlyPayment, 'rubMonth'),
          note: `${offerTerms(offer)}${offer.isExample ? ' (пример программы, не предложение банка)' : ''}`,
          value: offer.monthlyPayment,
        }
      : { text: 'нет подходящей программы', value: null },
};

export const COMPARE_ROWS: CompareRow[] = [
  {
    key: 'price',
    title: 'Цена',
    better: 'low',
    cells: ({ apartment: a }) => ({ text: formatNumber(a.priceTotalMin, 'rub'), value: a.priceTotalMin }),
  },
  {
    key: 'perMeter',
    title: 'Цена за м²',
    better: 'low',
    cells: ({ apartment: a }) => ({ text: formatNumber(a.pricePerMeter, 'rubSquare'), value: a.pricePerMeter }),
  },
  {
    key: 'fair',
    title: 'Оценка цены',
    better: 'low',
    cells: ({ apartment: a }) => ({ text: a.fairPrice.verdict, value: a.fairPrice.deltaPercent }),
  },
  MORTGAGE_ROW,
  {
    key: 'area',
    title: 'Общая площадь',
    better: 'high',
    cells: ({ apartment: a }) => ({ text: formatNumber(a.areaTotal, 'square'), value: a.areaTotal }),
  },
  {
    key: 'kitchen',
    title: 'Кухня',
    better: 'high',
    cells: ({ apartment: a }) =>
      a.areaKitchen > 0 ? { text: formatNumber(a.areaKitchen, 'square'), value: a.areaKitchen } : { text: 'не указана', value: null },
  },
  { key: 'floor', title: 'Этаж', cells: ({ apartment: a }) => ({ text: `${a.floor} из ${a.floors}` }) },
  {
    key: 'metro',
    title: 'Метро',
    better: 'low',
    cells: ({ apartment: a }) => {
      const m = a.metro[0];
      return m ? { text: `${m.name} · ${m.minutes} мин пешком`, value: m.minutes } : { text: 'нет рядом', value: null };
    },
  },
  {
    key: 'house',
    title: 'Дом',
    cells: ({ apartment: a }) => ({
      text: [
        a.complexCard.houseType && (HOUSE_TYPE[a.complexCard.houseType] ?? a.complexCard.houseType),
        CLASS[a.complexCard.complexClass] ? `класс ${CLASS[a.complexCard.complexClass]}` : null,
        `${a.house.floors} эт.`,
        a.realtyType === 'NEW' ? (a.house.stageIsPut ? 'сдан' : `сдача ${deadlineText(a.house.deadline)}`) : 'вторичка',
        a.complexCard.parking ? 'парковка' : null,
      ]
        .filter(Boolean)
        .join(', '),
    }),
  },
  {
    key: 'finish',
    title: 'Отделка',
    cells: ({ apartment: a }) => ({
      text: a.renovation === null ? 'нет данных' : a.renovation === 'FULLY_RENOVATED' ? 'С отделкой' : 'Без отделки',
    }),
  },
  {
    key: 'seller',
    title: 'Продавец',
    // The same name the apartment page and the complex page give (contract/seller.ts).
    cells: ({ apartment: a }) => ({ text: a.listing ? sellerTitle(a.listing.seller) : '…' }),
  },
  {
    key: 'ai',
    title: 'Индекс AI',
    better: 'high',
    cells: ({ info }) => (info ? { text: `${info.relevancePercent} %`, value: info.relevancePercent } : { text: '…', value: null }),
  },
];

/** Whether the row's texts differ between the apartments (shown highlighted), and which cells are best. */
export function judgeRow(row: CompareRow, list: readonly Compared[]): { different: boolean; best: Set<number> } {
  const cells = list.map(row.cells);
  const different = new Set(cells.map((c) => c.text)).size > 1;
  const best = new Set<number>();
  if (!different || !row.better) return { different, best };
  const values = cells.map((c) => (typeof c.value === 'number' ? c.value : null));
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return { different, best };
  const top = row.better === 'low' ? Math.min(...known) : Math.max(...known);
  values.forEach((v, i) => v === top && best.add(i));
  // Everyone best is no one best.
  if (best.size === known.length) best.clear();
  return { different, best };
}
