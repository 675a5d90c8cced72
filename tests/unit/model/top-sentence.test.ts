import { allSettled, fork } from 'effector';
import { describe, expect, it } from 'vitest';
import { $pendingSentence, draftWithSentence, sentencePending, type TopDraft } from '@/features/top-settings';
import type { ParsedSentence } from '@/entities/sentence';
import { chipsOf } from '@/entities/sentence/lib/chips';
import { drawerClosed } from '@/shared/model';

const SPB = 78;
const MOSCOW = 77;
const YEKATERINBURG = 661;
const hasMetro = (kladr: number) => kladr === SPB || kladr === MOSCOW;
const spbDraft: TopDraft = { cityKladr: SPB, areaIds: [5, 6], metroIds: [40], price: 8_000_000 };
const moscowSentence: ParsedSentence = {
  filters: { cityIds: [MOSCOW], roomsCntForFilter: [1], priceTotalMinLte: 12_000_000 },
  wishes: { METRO_NEARBY: 'IMPORTANT' },
  parts: [],
  unknown: [],
};

describe('TOP settings: a parsed sentence', () => {
  it('«Показать квартиры» without «Применить условия» applies what was parsed: the city switches, the price is taken', async () => {
    const scope = fork();
    // The parse on screen, not applied: the form's submit finds it pending.
    await allSettled(sentencePending, { scope, params: moscowSentence });
    const pending = scope.getState($pendingSentence);
    expect(pending).toEqual(moscowSentence);
    // The old city's districts and stations mean nothing in Moscow: they go, Moscow's come only from the sentence.
    expect(draftWithSentence(spbDraft, pending!, hasMetro)).toEqual({ cityKladr: MOSCOW, areaIds: [], metroIds: [], price: 12_000_000 });
    // Applied («Применить условия» reports null) or the drawer closed: nothing is pending any more.
    await allSettled(sentencePending, { scope, params: null });
    expect(scope.getState($pendingSentence)).toBeNull();
    await allSettled(sentencePending, { scope, params: moscowSentence });
    await allSettled(drawerClosed, { scope });
    expect(scope.getState($pendingSentence)).toBeNull();
  });

  it('in the same city: districts replace, a range’s middle is the price, stations only where the city has a metro', () => {
    const sentence: ParsedSentence = {
      filters: { areaIds: [9], metroIds: [41], priceTotalMinGte: 10_000_000, priceTotalMinLte: 14_000_000 },
      wishes: {},
      parts: [],
      unknown: [],
    };
    expect(draftWithSentence(spbDraft, sentence, hasMetro)).toEqual({ cityKladr: SPB, areaIds: [9], metroIds: [41], price: 12_000_000 });
    const noPrice = { ...sentence, filters: { cityIds: [YEKATERINBURG], metroIds: [41] } };
    expect(draftWithSentence(spbDraft, noPrice, hasMetro)).toEqual({
      cityKladr: YEKATERINBURG,
      areaIds: [],
      metroIds: [],
      price: 8_000_000,
    });
  });

  it('the named city is a chip TOP applies; removing it removes the places found there too', () => {
    const names = { city: new Map([[MOSCOW, 'Москва']]), area: new Map<number, string>(), metro: new Map([[7, 'Сокол']]), wish: new Map() };
    const parsed: ParsedSentence = { ...moscowSentence, filters: { ...moscowSentence.filters, metroIds: [7] } };
    const chips = chipsOf(parsed, names);
    expect(chips.map((c) => [c.label, c.inTop])).toEqual([
      ['Город: Москва', true],
      ['1-к', false],
      ['до 12 млн ₽', true],
      ['м. Сокол', true],
      ['METRO_NEARBY', false],
    ]);
    expect(chips[0]!.remove(parsed).filters).toEqual({ roomsCntForFilter: [1], priceTotalMinLte: 12_000_000 });
  });
});
