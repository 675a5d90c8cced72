/**
 * Mortgage arithmetic shared by the server (map buildings) and the client (calculator, cards): zod-free, so the
 * client imports it at run time. A payment is only ever shown with the programme it was computed for (its name,
 * lender, rate, term and down payment): the advertising law (38-FZ, art. 28) forbids a bare «от N ₽/мес».
 */

/** Who a programme is for: the kind of housing and the borrower's circumstances it requires. */
export type MortgageRealty = 'ALL' | 'NEW' | 'RESALE';

/** A programme as the operator entered it (GET /api/mortgage/programs). */
export interface MortgageProgram {
  id: number;
  name: string;
  lender: string;
  /** Annual rate, percent. */
  rate: number;
  /**
   * The full cost of the credit (ПСК, 353-ФЗ), percent a year, as the lender states it: one value (min = max) or a
   * range. Null only for a row entered before it was asked: such a programme is never shown (38-ФЗ art. 28).
   */
  fullCostMin: number | null;
  fullCostMax: number | null;
  /** The least down payment, percent of the price. */
  minDownPaymentPercent: number;
  /** The largest loan, roubles. */
  maxLoan: number;
  /** The longest term, years. */
  maxTermYears: number;
  realtyType: MortgageRealty;
  /** Only for families with children (e.g. «Семейная ипотека»). */
  forFamilies: boolean;
  /** Only for IT specialists. */
  forIT: boolean;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  validTo: string | null;
  /** Shipped with the demo catalogue to show the feature; never shown in production. */
  isExample: boolean;
}

/** The buyer's side (spec: TOP payload `mortgageInfo.loanerInfo`). */
export interface Borrower {
  hasChildren: boolean;
  worksInIT: boolean;
}

/** Spec §9: the TOP payload's mortgage defaults (the shape of `mortgageInfo`). */
export const DEFAULT_MORTGAGE_INFO = {
  initialFee: 1_000_000,
  monthlyPayment: 40_000,
  loanerInfo: { age: 35, sex: 'MALE' as 'MALE' | 'FEMALE', hasChildren: false, worksInIT: false },
};

export interface MortgageTerms {
  price: number;
  downPayment: number;
  termYears: number;
}

export interface MortgageResult {
  loan: number;
  monthlyPayment: number;
  /** Interest paid over the whole term. */
  overpayment: number;
  /** The income a bank would want: the payment at most half of it (the usual debt-to-income cap). */
  requiredIncome: number;
}

/** The share of income banks let a mortgage payment take (PDN ≤ 50 % is the Bank of Russia's usual threshold). */
export const PAYMENT_TO_INCOME = 0.5;
export const DEFAULT_TERM_YEARS = 30;

/**
 * The annuity payment: P · r / (1 − (1 + r)^−n), r the monthly rate, n the number of months; at 0 % the loan is
 * simply divided. Not rounded: callers round what they show.
 */
export function annuityPayment(loan: number, annualRatePercent: number, months: number): number {
  if (loan <= 0 || months <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return loan / months;
  return (loan * r) / (1 - Math.pow(1 + r, -months));
}

export function mortgageResult(terms: MortgageTerms, annualRatePercent: number): MortgageResult {
  const loan = Math.max(0, terms.price - terms.downPayment);
  const months = Math.round(terms.termYears * 12);
  const monthly = annuityPayment(loan, annualRatePercent, months);
  const monthlyPayment = Math.round(monthly);
  return {
    loan,
    monthlyPayment,
    overpayment: Math.max(0, Math.round(monthly * months - loan)),
    requiredIncome: Math.round(monthlyPayment / PAYMENT_TO_INCOME),
  };
}

/** Whether the programme is open today for this housing and borrower. */
export function programApplies(p: MortgageProgram, realtyType: 'NEW' | 'RESALE', borrower: Borrower, today: string): boolean {
  if (p.realtyType !== 'ALL' && p.realtyType !== realtyType) return false;
  if (p.forFamilies && !borrower.hasChildren) return false;
  if (p.forIT && !borrower.worksInIT) return false;
  return p.validFrom <= today && (p.validTo === null || today <= p.validTo);
}

/**
 * The down payment a programme needs for a price: at least its minimum share and at least what exceeds its
 * largest loan; the buyer's own sum when it is more (never more than the price).
 */
export function downPaymentFor(p: MortgageProgram, price: number, wanted = 0): number {
  const least = Math.max(Math.ceil((price * p.minDownPaymentPercent) / 100), price - p.maxLoan);
  return Math.min(price, Math.max(least, wanted));
}

/** One programme's offer for one price: everything the law wants beside the payment. */
export interface MortgageOffer extends MortgageResult {
  programId: number;
  programName: string;
  lender: string;
  rate: number;
  /** ПСК, percent a year: a value (min = max) or a range, printed beside the rate in the same type. */
  fullCost: { min: number; max: number };
  termYears: number;
  downPayment: number;
  isExample: boolean;
}

/** A programme buyers may be shown: it names its lender and its full cost of credit (38-ФЗ art. 28). */
export const isShowableProgram = (p: MortgageProgram): boolean =>
  p.lender.trim().length > 0 && p.fullCostMin !== null && p.fullCostMax !== null;

export function offerFor(p: MortgageProgram, price: number, wantedDownPayment = 0, termYears = DEFAULT_TERM_YEARS): MortgageOffer {
  const term = Math.min(termYears, p.maxTermYears);
  const downPayment = downPaymentFor(p, price, wantedDownPayment);
  return {
    ...mortgageResult({ price, downPayment, termYears: term }, p.rate),
    programId: p.id,
    programName: p.name,
    lender: p.lender,
    rate: p.rate,
    fullCost: { min: p.fullCostMin ?? p.rate, max: p.fullCostMax ?? p.fullCostMin ?? p.rate },
    termYears: term,
    downPayment,
    isExample: p.isExample,
  };
}

/** The lowest payment among the programmes open to this buyer for this listing; null when none applies. */
export function bestOffer(
  programs: readonly MortgageProgram[],
  listing: { price: number; realtyType: 'NEW' | 'RESALE' },
  buyer: Borrower & { initialFee?: number },
  today: string,
): MortgageOffer | null {
  let best: MortgageOffer | null = null;
  for (const p of programs) {
    if (!programApplies(p, listing.realtyType, buyer, today)) continue;
    const offer = offerFor(p, listing.price, buyer.initialFee ?? 0);
    if (offer.loan <= 0) continue;
    if (!best || offer.monthlyPayment < best.monthlyPayment) best = offer;
  }
  return best;
}

/** Today's date as YYYY-MM-DD in Moscow time (programmes' dates are Russian calendar days). */
export function moscowDate(now: Date): string {
  return new Date(now.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
}
