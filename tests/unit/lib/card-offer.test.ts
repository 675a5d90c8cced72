import type { MortgageProgram } from '@kvarta/contract/mortgage';
import { DEFAULT_MORTGAGE_INFO } from '@kvarta/contract/mortgage';
import { describe, expect, it } from 'vitest';
import { cardOffer, offerTerms } from '@/entities/mortgage';

const program = (over: Partial<MortgageProgram>): MortgageProgram => ({
  id: 1,
  name: 'Пример: базовая',
  lender: 'Демо-банк (пример)',
  rate: 20,
  fullCostMin: 20.5,
  fullCostMax: 22.9,
  minDownPaymentPercent: 20,
  maxLoan: 30_000_000,
  maxTermYears: 30,
  realtyType: 'ALL',
  forFamilies: false,
  forIT: false,
  validFrom: '2020-01-01',
  validTo: null,
  isExample: true,
  ...over,
});
const programs = [
  program({}),
  program({ id: 2, name: 'Пример: семейная', rate: 6, fullCostMin: 6.5, fullCostMax: 8.9, forFamilies: true, realtyType: 'NEW' }),
];
const buyer = (over: { initialFee?: number; hasChildren?: boolean }) => ({
  ...DEFAULT_MORTGAGE_INFO,
  initialFee: over.initialFee ?? DEFAULT_MORTGAGE_INFO.initialFee,
  loanerInfo: { ...DEFAULT_MORTGAGE_INFO.loanerInfo, hasChildren: over.hasChildren ?? false },
});

describe('a card’s payment is for the buyer of the list', () => {
  it('without a buyer: a programme open to everyone, at its least down payment', () => {
    const offer = cardOffer(programs, 10_000_000, 'NEW');
    expect(offer).toMatchObject({ programName: 'Пример: базовая', downPayment: 2_000_000 });
  });

  it('a family buyer gets the family programme where it applies (new builds), the base one elsewhere', () => {
    expect(cardOffer(programs, 10_000_000, 'NEW', buyer({ hasChildren: true }))).toMatchObject({
      programName: 'Пример: семейная',
      rate: 6,
      // The full cost of credit travels with the rate (38-ФЗ art. 28).
      fullCost: { min: 6.5, max: 8.9 },
    });
    expect(cardOffer(programs, 10_000_000, 'RESALE', buyer({ hasChildren: true }))).toMatchObject({ programName: 'Пример: базовая' });
  });

  it('the buyer’s own down payment, when above the least, lowers the loan and the payment', () => {
    const least = cardOffer(programs, 10_000_000, 'NEW', buyer({ initialFee: 0 }))!;
    const own = cardOffer(programs, 10_000_000, 'NEW', buyer({ initialFee: 5_000_000 }))!;
    expect(least.downPayment).toBe(2_000_000);
    expect(own.downPayment).toBe(5_000_000);
    expect(own.loan).toBe(5_000_000);
    expect(own.monthlyPayment).toBeLessThan(least.monthlyPayment);
  });

  it('the terms beside a payment name the full cost of credit next to the rate: a range, or one value', () => {
    const family = cardOffer(programs, 10_000_000, 'NEW', buyer({ hasChildren: true }))!;
    expect(offerTerms(family)).toContain(
      'Пример: семейная, Демо-банк (пример): ставка 6\u00a0% годовых, ПСК 6,5–8,9\u00a0% годовых, срок 30 лет',
    );
    expect(offerTerms({ ...family, fullCost: { min: 7.12, max: 7.12 } })).toContain('ПСК 7,12\u00a0% годовых');
  });
});
