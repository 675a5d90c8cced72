import type { LiraForm, MortgageInfoForm } from '@/entities/lira-profile';
import { MoneyInput } from '@/shared/ui';
import { LiraCheck } from './lira-check';

type Change = (patch: Partial<LiraForm>) => void;

/**
 * The buyer's mortgage (the profile's `mortgageInfo`): the down payment they have, the payment they can afford, and
 * what makes family or IT programmes apply. The payments on the AI search map's houses use it (the server's
 * `withMortgagePayments`); the programmes themselves are the operator's, so nothing here promises a rate.
 */
export function MortgageFields({ value, onChange }: { value: LiraForm; onChange: Change }) {
  const info = value.mortgageInfo;
  const set = (patch: Partial<MortgageInfoForm>) => onChange({ mortgageInfo: { ...info, ...patch } });
  const setBorrower = (patch: Partial<MortgageInfoForm['loanerInfo']>) => set({ loanerInfo: { ...info.loanerInfo, ...patch } });
  return (
    <fieldset className="kv-lira-mortgage" data-testid="lira-mortgage">
      <legend>Ипотека</legend>
      <div className="kv-lira-row">
        <label className="kv-field">
          <span>Первоначальный взнос, ₽</span>
          <MoneyInput aria-label="Первоначальный взнос" value={info.initialFee} onChange={(next) => set({ initialFee: next ?? 0 })} />
        </label>
        <label className="kv-field">
          <span>Платёж в месяц до, ₽</span>
          <MoneyInput aria-label="Платёж в месяц до" value={info.monthlyPayment} onChange={(next) => set({ monthlyPayment: next ?? 0 })} />
        </label>
      </div>
      <LiraCheck label="Есть дети" checked={info.loanerInfo.hasChildren} onChange={(hasChildren) => setBorrower({ hasChildren })} />
      <LiraCheck label="Работаю в IT-компании" checked={info.loanerInfo.worksInIT} onChange={(worksInIT) => setBorrower({ worksInIT })} />
      <p className="kv-muted kv-lira-mortgage__hint">
        По этим данным считаем платёж по домам на карте ИИ Поиска — по программам банков, которые подходят вам и квартире.
      </p>
    </fieldset>
  );
}

/** What the mortgage part of the form must hold before it is saved (the server's limits, said in Russian). */
export function mortgageError(form: LiraForm): string | null {
  const { initialFee, monthlyPayment } = form.mortgageInfo;
  if (initialFee > 200_000_000) return 'Первоначальный взнос — не больше 200 000 000 ₽';
  if (monthlyPayment > 10_000_000) return 'Платёж в месяц — не больше 10 000 000 ₽';
  return null;
}
