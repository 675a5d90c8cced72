import { describe, expect, it } from 'vitest';
import {
  annuityPayment,
  bestOffer,
  downPaymentFor,
  mortgageResult,
  offerFor,
  programApplies,
  type MortgageProgram,
} from '@kvarta/contract/mortgage';
import { EXAMPLE_PROGRAMS } from '../../server/mortgage';
import { useTestServer } from './helpers';

const ADMIN_TOKEN = 'admin-token-for-the-mortgage-tests-0123456789';

describe('the annuity formula', () => {
  // Published worked examples of the same annuity payment (PMT), as their publishers print them: Microsoft's Excel
  // documentation (PMT function: 10 000 at 8 % a year over 10 monthly payments → 1 037.03) and Claris' FileMaker
  // documentation (PMT: 21 000 at 6.9 % a year over 48 months → 501.90). No bank's own worked example could be read
  // from this offline machine; these are the ones that could, and they are quoted, not computed.
  it('agrees with the published PMT examples to the cent', () => {
    expect(annuityPayment(10_000, 8, 10)).toBeCloseTo(1_037.03, 2);
    expect(annuityPayment(21_000, 6.9, 48)).toBeCloseTo(501.9, 2);
  });

  // 6 000 000 ₽ for 30 years at 6 % a year: the annuity coefficient k = r(1+r)^n / ((1+r)^n − 1) with r = 0.5 % a
  // month and n = 360 is 0.0059955, i.e. 35 973 ₽ a month; the result rounds as the calculator shows it.
  it('6 000 000 ₽ at 6 % for 30 years is 35 973 ₽ a month', () => {
    expect(annuityPayment(6_000_000, 6, 360)).toBeCloseTo(35_973.03, 2);
    expect(annuityPayment(6_000_000, 6, 360) / 6_000_000).toBeCloseTo(0.0059955, 7);
    const r = mortgageResult({ price: 7_500_000, downPayment: 1_500_000, termYears: 30 }, 6);
    expect(r).toEqual({ loan: 6_000_000, monthlyPayment: 35_973, overpayment: 6_950_291, requiredIncome: 71_946 });
  });

  it('the payment repays the loan exactly over the term (a month-by-month schedule)', () => {
    for (const [loan, rate, months] of [
      [3_000_000, 16.5, 240],
      [12_000_000, 6, 360],
      [850_000, 0.1, 12],
    ] as const) {
      const payment = annuityPayment(loan, rate, months);
      let balance = loan;
      for (let m = 0; m < months; m++) balance = balance * (1 + rate / 1200) - payment;
      expect(Math.abs(balance)).toBeLessThan(0.01);
    }
  });

  it('a zero rate divides the loan; nothing borrowed costs nothing', () => {
    expect(annuityPayment(1_200_000, 0, 120)).toBe(10_000);
    expect(annuityPayment(0, 10, 120)).toBe(0);
    expect(mortgageResult({ price: 5_000_000, downPayment: 6_000_000, termYears: 20 }, 10).loan).toBe(0);
  });
});

const program = (patch: Partial<MortgageProgram>): MortgageProgram => ({
  id: 1,
  name: 'Базовая',
  lender: 'Банк',
  rate: 20,
  fullCostMin: 20.5,
  fullCostMax: 22.9,
  minDownPaymentPercent: 20,
  maxLoan: 10_000_000,
  maxTermYears: 30,
  realtyType: 'ALL',
  forFamilies: false,
  forIT: false,
  validFrom: '2025-01-01',
  validTo: null,
  isExample: false,
  ...patch,
});

describe('which programme applies and what it needs', () => {
  const nobody = { hasChildren: false, worksInIT: false };
  it('family and IT programmes only for those buyers; new-build programmes only for new builds; dates hold', () => {
    const family = program({ forFamilies: true, realtyType: 'NEW' });
    expect(programApplies(family, 'NEW', nobody, '2026-06-01')).toBe(false);
    expect(programApplies(family, 'NEW', { hasChildren: true, worksInIT: false }, '2026-06-01')).toBe(true);
    expect(programApplies(family, 'RESALE', { hasChildren: true, worksInIT: false }, '2026-06-01')).toBe(false);
    expect(programApplies(program({ forIT: true }), 'NEW', { hasChildren: false, worksInIT: true }, '2026-06-01')).toBe(true);
    expect(programApplies(program({ validTo: '2026-05-31' }), 'NEW', nobody, '2026-06-01')).toBe(false);
    expect(programApplies(program({ validFrom: '2026-06-02' }), 'NEW', nobody, '2026-06-01')).toBe(false);
  });

  it('the down payment is the larger of the minimum share, what exceeds the largest loan, and the buyer’s own sum', () => {
    expect(downPaymentFor(program({}), 10_000_000)).toBe(2_000_000);
    expect(downPaymentFor(program({ maxLoan: 6_000_000 }), 10_000_000)).toBe(4_000_000);
    expect(downPaymentFor(program({}), 10_000_000, 3_000_000)).toBe(3_000_000);
    expect(offerFor(program({ maxTermYears: 20 }), 10_000_000).termYears).toBe(20);
  });

  it('the best offer is the lowest payment among the programmes open to the buyer', () => {
    const programs = [program({ id: 1, rate: 20 }), program({ id: 2, rate: 6, forFamilies: true })];
    expect(bestOffer(programs, { price: 8_000_000, realtyType: 'NEW' }, nobody, '2026-06-01')?.programId).toBe(1);
    expect(
      bestOffer(programs, { price: 8_000_000, realtyType: 'NEW' }, { hasChildren: true, worksInIT: false }, '2026-06-01')?.programId,
    ).toBe(2);
    expect(bestOffer([], { price: 8_000_000, realtyType: 'NEW' }, nobody, '2026-06-01')).toBeNull();
  });
});

const input = {
  name: 'Семейная ипотека',
  lender: 'Банк оператора',
  rate: 6,
  fullCostMin: 6.5,
  fullCostMax: 8.9,
  minDownPaymentPercent: 20,
  maxLoan: 12_000_000,
  maxTermYears: 30,
  realtyType: 'NEW' as const,
  forFamilies: true,
  forIT: false,
  validFrom: '2024-01-01',
  validTo: null,
};

describe('the operator enters programmes; the demo shows its examples, marked', () => {
  const server = useTestServer('pglite', { app: { adminToken: ADMIN_TOKEN } });

  it('the demo ships the example programmes, each marked as an example', async () => {
    const res = await server.request('mortgagePrograms');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p) => p.name)).toEqual(EXAMPLE_PROGRAMS.map((p) => p.name));
    expect(res.body.data.every((p) => p.isExample)).toBe(true);
  });

  it('admin routes need the ADMIN_TOKEN; create, edit and delete; bad input is refused in Russian', async () => {
    expect((await server.request('adminMortgageProgramCreate', { body: input })).status).toBe(401);
    expect(
      (await server.request('adminMortgageProgramCreate', { body: input, token: 'not-the-admin-token-but-as-long-as-it-000' })).status,
    ).toBe(403);
    const created = await server.request('adminMortgageProgramCreate', { body: input, token: ADMIN_TOKEN });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...input, isExample: false });
    const id = created.body.data.id;
    const edited = await server.request('adminMortgageProgramUpdate', {
      params: { programId: id },
      body: { ...input, rate: 5.5 },
      token: ADMIN_TOKEN,
    });
    expect(edited.body.data.rate).toBe(5.5);
    expect((await server.request('mortgagePrograms')).body.data.find((p) => p.id === id)?.rate).toBe(5.5);
    const wrong = await server.request('adminMortgageProgramCreate', { body: { ...input, validTo: '2023-01-01' }, token: ADMIN_TOKEN });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/окончание раньше начала/);
    const noDay = await server.request('adminMortgageProgramCreate', { body: { ...input, validFrom: '2024-02-30' }, token: ADMIN_TOKEN });
    expect(noDay.status).toBe(400);
    // The full cost of credit (ПСК) is required, a range in order, never below the rate (38-ФЗ art. 28, 353-ФЗ).
    const { fullCostMin: _min, ...withoutFullCost } = input;
    const noFullCost = await server.request('adminMortgageProgramCreate', { body: withoutFullCost as typeof input, token: ADMIN_TOKEN });
    expect(noFullCost.status).toBe(400);
    expect(noFullCost.body.message).toMatch(/укажите ПСК банка/);
    const reversed = await server.request('adminMortgageProgramCreate', {
      body: { ...input, fullCostMin: 9, fullCostMax: 7 },
      token: ADMIN_TOKEN,
    });
    expect(reversed.body.message).toMatch(/верхняя граница ПСК ниже нижней/);
    const belowRate = await server.request('adminMortgageProgramCreate', {
      body: { ...input, fullCostMin: input.rate - 1, fullCostMax: input.rate },
      token: ADMIN_TOKEN,
    });
    expect(belowRate.body.message).toMatch(/ПСК не бывает ниже ставки/);
    expect((await server.request('adminMortgageProgramDelete', { params: { programId: id }, token: ADMIN_TOKEN })).body.data).toEqual({
      id,
      deleted: true,
    });
    expect((await server.request('adminMortgageProgramDelete', { params: { programId: id }, token: ADMIN_TOKEN })).status).toBe(404);
    const all = await server.request('adminMortgagePrograms', { token: ADMIN_TOKEN });
    expect(all.body.data.some((p) => p.id === id)).toBe(false);
  });

  it('a programme without its full cost of credit (a row from before it was asked) is never shown to buyers', async () => {
    const created = await server.request('adminMortgageProgramCreate', { body: input, token: ADMIN_TOKEN });
    const id = created.body.data.id;
    expect((await server.request('mortgagePrograms')).body.data.some((p) => p.id === id)).toBe(true);
    // As the migration left an operator's row entered before ПСК was asked. Any admin write forgets the buyers' cached
    // list, even deleting an id that does not exist.
    await server.db.query('UPDATE mortgage_programs SET full_cost_min = NULL, full_cost_max = NULL WHERE id = $1', [id]);
    await server.request('adminMortgageProgramDelete', { params: { programId: 999_999 }, token: ADMIN_TOKEN });
    expect((await server.request('mortgagePrograms')).body.data.some((p) => p.id === id)).toBe(false);
    const all = await server.request('adminMortgagePrograms', { token: ADMIN_TOKEN });
    expect(all.body.data.find((p) => p.id === id)).toMatchObject({ fullCostMin: null, fullCostMax: null });
  });

  it('an expired programme is not offered to buyers, though the operator still sees it', async () => {
    const old = await server.request('adminMortgageProgramCreate', {
      body: { ...input, name: 'Старая', validFrom: '2020-01-01', validTo: '2021-12-31' },
      token: ADMIN_TOKEN,
    });
    expect((await server.request('mortgagePrograms')).body.data.some((p) => p.id === old.body.data.id)).toBe(false);
    expect((await server.request('adminMortgagePrograms', { token: ADMIN_TOKEN })).body.data.some((p) => p.id === old.body.data.id)).toBe(
      true,
    );
  });

  it('map buildings carry the payment with its programme, for the buyer’s mortgageInfo', async () => {
    const token = await server.anonymousToken();
    const res = await server.request('topMap', {
      token,
      body: { cityIds: [77], priceTotalMinGte: 10_000_000, priceTotalMinLte: 20_000_000 },
    });
    expect(res.status).toBe(200);
    const withPayment = res.body.data.filter((b) => b.monthlyPayment !== null);
    expect(withPayment.length).toBeGreaterThan(0);
    for (const b of withPayment) {
      expect(b.mortgage).not.toBeNull();
      expect(b.mortgage!.monthlyPayment).toBe(b.monthlyPayment);
      expect(b.mortgage!.programName).toMatch(/Пример/);
      expect(b.mortgage!.isExample).toBe(true);
      expect(b.mortgage!.downPayment).toBeGreaterThanOrEqual(Math.ceil(b.priceTotalMin * 0.2));
    }
  });
});

describe('production shows only what the operator entered', () => {
  const server = useTestServer('pglite', { env: 'production', app: { adminToken: ADMIN_TOKEN } });

  it('no example is seeded or shown, and map buildings carry no payment until a programme is entered', async () => {
    expect((await server.request('mortgagePrograms')).body.data).toEqual([]);
    // An example copied in from a demo database stays hidden.
    await server.db.query(
      `INSERT INTO mortgage_programs (name, lender, rate, min_down_payment_percent, max_loan, valid_from, is_example)
       VALUES ('Пример', 'Демо', 10, 20, 10000000, '2024-01-01', true)`,
    );
    expect((await server.request('mortgagePrograms')).body.data).toEqual([]);
    const created = await server.request('adminMortgageProgramCreate', {
      body: { ...input, forFamilies: false, realtyType: 'ALL' },
      token: ADMIN_TOKEN,
    });
    expect((await server.request('mortgagePrograms')).body.data.map((p) => p.id)).toEqual([created.body.data.id]);
  });
});
