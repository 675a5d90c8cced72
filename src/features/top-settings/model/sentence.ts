import { createEvent, createStore } from 'effector';
import type { ParsedSentence } from '@/entities/sentence';
import { TOP_PRICE } from '@/shared/api';
import { drawerClosed } from '@/shared/model';

/** What the TOP settings form holds: its city, districts, stations and target price. */
export interface TopDraft {
  cityKladr: number;
  areaIds: number[];
  metroIds: number[];
  price: number | null;
}

/** The parse shown under «Опишите квартиру словами» and not applied yet; null once applied, removed or closed. */
export const sentencePending = createEvent<ParsedSentence | null>();
export const $pendingSentence = createStore<ParsedSentence | null>(null)
  .on(sentencePending, (_, parsed) => parsed)
  .reset(drawerClosed);

/**
 * The form with a parse laid over it — what «Применить условия» and «Показать квартиры» both apply: a named city
 * switches the city (its districts and stations replace the old city's), districts, stations (where the city has a
 * metro) and a target price (the middle of a range, or its end). Rooms, finishing and wishes are AI search's.
 */
export function draftWithSentence(draft: TopDraft, parsed: ParsedSentence, hasMetro: (kladr: number) => boolean): TopDraft {
  const f = parsed.filters;
  const cityKladr = f.cityIds?.[0] ?? draft.cityKladr;
  const moved = cityKladr !== draft.cityKladr;
  const metroIds = f.metroIds ?? (moved ? [] : draft.metroIds);
  const target =
    f.priceTotalMinGte !== undefined && f.priceTotalMinLte !== undefined
      ? (f.priceTotalMinGte + f.priceTotalMinLte) / 2
      : (f.priceTotalMinLte ?? f.priceTotalMinGte);
  return {
    cityKladr,
    areaIds: f.areaIds ?? (moved ? [] : draft.areaIds),
    metroIds: hasMetro(cityKladr) ? metroIds : [],
    price:
      target !== undefined
        ? Math.min(TOP_PRICE.MAX, Math.max(TOP_PRICE.MIN, Math.round(target / TOP_PRICE.STEP) * TOP_PRICE.STEP))
        : draft.price,
  };
}
