import './calculator.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  PAYMENT_TO_INCOME,
  downPaymentFor,
  moscowDate,
  mortgageResult,
  offerFor,
  programApplies,
  type MortgageProgram,
} from '@kvarta/contract/mortgage';
import { formatRate, fullCostText, mortgageProgramsQuery, offerTerms } from '@/entities/mortgage';
import { loadErrorText } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { InlineError } from '@/shared/ui';

const who = (p: MortgageProgram) =>
  [
    p.forFamilies ? 'для семей с детьми' : '',
    p.forIT ? 'для IT-специалистов' : '',
    p.realtyType === 'NEW' ? 'новостройки' : p.realtyType === 'RESALE' ? 'вторичка' : '',
  ]
    .filter(Boolean)
    .join(', ');

/** Digits of what was typed («1 500 000», «1500000 ₽»); the text itself stays in the field as typed. */
const digits = (text: string): number | null => {
  const clean = text.replace(/[\s\u00a0₽]/g, '');
  return /^\d{1,12}$/.test(clean) ? Number(clean) : null;
};

/**
 * The apartment page's calculator: a programme the operator entered (open today, fit for this listing), a down
 * payment and a term → the monthly payment, the loan, the overpayment and the income a bank would want; the
 * programme's terms stay printed beside the figure.
 */
export function MortgageCalculator({ price, realtyType }: { price: number; realtyType: 'NEW' | 'RESALE' }) {
  const programs = useQuery(mortgageProgramsQuery());
  const today = moscowDate(new Date());
  const open = (programs.data ?? []).filter((p) =>
    programApplies(p, realtyType, { hasChildren: p.forFamilies, worksInIT: p.forIT }, today),
  );
  const [programId, setProgramId] = useState<number | null>(null);
  const program = open.find((p) => p.id === programId) ?? open[0] ?? null;
  const least = program ? downPaymentFor(program, price) : 0;
  const [downText, setDownText] = useState<string | null>(null);
  const [termText, setTermText] = useState<string | null>(null);
  const ids = { program: useId(), down: useId(), term: useId() };

  if (programs.isPending) return <p className="kv-muted">Загружаем ипотечные программы…</p>;
  if (programs.isError)
    return <InlineError text={loadErrorText('ипотечные программы', programs.error)} onRetry={() => void programs.refetch()} />;
  if (!program)
    return (
      <p className="kv-muted" data-testid="mortgage-none">
        Для этой квартиры пока нет ипотечных программ: мы показываем расчёт только по программам, которые добавили сами.
      </p>
    );

  const down = downText === null ? least : digits(downText);
  const term = termText === null ? Math.min(30, program.maxTermYears) : digits(termText);
  const errors: string[] = [];
  if (down === null) errors.push('Взнос: введите сумму цифрами');
  else if (down < least) errors.push(`Взнос по этой программе — не меньше ${formatNumber(least, 'rub')}`);
  else if (down >= price) errors.push('Взнос не меньше цены: ипотека не нужна');
  if (term === null || term < 1) errors.push('Срок: от 1 года');
  else if (term > program.maxTermYears) errors.push(`Срок по этой программе — до ${program.maxTermYears} лет`);
  const result =
    errors.length === 0 && down !== null && term !== null
      ? mortgageResult({ price, downPayment: down, termYears: term }, program.rate)
      : null;

  return (
    <div className="kv-mortgage" data-testid="mortgage-calculator">
      <div className="kv-mortgage__fields">
        <label className="kv-field" htmlFor={ids.program}>
          <span className="kv-field__label">Программа</span>
          <select
            id={ids.program}
            className="kv-input"
            value={program.id}
            onChange={(e) => {
              setProgramId(Number(e.target.value));
              setDownText(null);
              setTermText(null);
            }}
            data-testid="mortgage-program"
          >
            {open.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.name} — ${p.lender}, ${formatRate(p.rate)} %, ПСК ${fullCostText(offerFor(p, price).fullCost)} %${who(p) ? ` (${who(p)})` : ''}`}
              </option>
            ))}
          </select>
        </label>
        <label className="kv-field" htmlFor={ids.down}>
          <span className="kv-field__label">Первоначальный взнос, ₽</span>
          <input
            id={ids.down}
            className="kv-input"
            inputMode="numeric"
            value={downText ?? String(least)}
            onChange={(e) => setDownText(e.target.value)}
            aria-invalid={errors.some((e) => e.startsWith('Взнос'))}
            data-testid="mortgage-down"
          />
        </label>
        <label className="kv-field" htmlFor={ids.term}>
          <span className="kv-field__label">Срок, лет</span>
          <input
            id={ids.term}
            className="kv-input"
            inputMode="numeric"
            value={termText ?? String(Math.min(30, program.maxTermYears))}
            onChange={(e) => setTermText(e.target.value)}
            aria-invalid={errors.some((e) => e.startsWith('Срок'))}
            data-testid="mortgage-term"
          />
        </label>
      </div>
      {errors.length > 0 && (
        <ul className="kv-mortgage__errors" role="alert" data-testid="mortgage-errors">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {result && down !== null && term !== null && (
        <>
          <dl className="kv-mortgage__result" aria-live="polite">
            <div>
              <dt>Ежемесячный платёж</dt>
              <dd data-testid="mortgage-payment">{formatNumber(result.monthlyPayment, 'rub')}</dd>
            </div>
            <div>
              <dt>Сумма кредита</dt>
              <dd data-testid="mortgage-loan">{formatNumber(result.loan, 'rub')}</dd>
            </div>
            <div>
              <dt>Переплата</dt>
              <dd data-testid="mortgage-overpayment">{formatNumber(result.overpayment, 'rub')}</dd>
            </div>
            <div>
              <dt>Нужный доход</dt>
              <dd data-testid="mortgage-income">{formatNumber(result.requiredIncome, 'rubMonth')}</dd>
            </div>
          </dl>
          <p className="kv-mortgage__terms" data-testid="mortgage-terms">
            {offerTerms({
              ...result,
              programId: program.id,
              programName: program.name,
              lender: program.lender,
              rate: program.rate,
              fullCost: offerFor(program, price).fullCost,
              termYears: term,
              downPayment: down,
              isExample: program.isExample,
            })}
            . Аннуитетные платежи; доход — платёж не больше {Math.round(PAYMENT_TO_INCOME * 100)} % от него. Расчёт предварительный, не
            является офертой; решение о кредите принимает банк.
            {program.isExample && ' Это пример программы для демонстрации, а не предложение банка.'}
          </p>
        </>
      )}
    </div>
  );
}
