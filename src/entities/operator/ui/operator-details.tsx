import { useQuery } from '@tanstack/react-query';
import { LEGAL_DOCS, NO_OPERATOR_TEXT, companyLine } from '@/shared/config/legal';
import { operatorQuery } from '../api/operator-query';
import { Support } from './support-line';
import './operator.css';

/*
 * The operator's details as the pages behind the first screen show them (the recommendation rules, the payment). Not in
 * site-footer.tsx: the footer is on every first screen, and the bundler puts a module whole into the entry chunk.
 */

/** Who runs the service and how to reach them, as a block of a document page (the recommendation rules). */
export function OperatorContacts() {
  const operator = useQuery(operatorQuery());
  const o = operator.data;
  if (!o) return <p className="kv-muted">Загружаем сведения об операторе…</p>;
  const company = companyLine(o);
  if (!company) return <p data-testid="no-operator">{NO_OPERATOR_TEXT}</p>;
  return (
    <div data-testid="operator-contacts">
      <p>{company}</p>
      {o.address && <p>Адрес: {o.address}</p>}
      <Support o={o} />
    </div>
  );
}

/** Beside «Оплатить»: who takes the money, and the offer and privacy policy the payment accepts. */
export function PaymentOperatorNote() {
  const operator = useQuery(operatorQuery());
  const o = operator.data;
  const company = o ? companyLine(o) : '';
  return (
    <div className="kv-operator-note kv-muted" data-testid="payment-operator">
      {company && <p>Исполнитель: {company}.</p>}
      {o && !company && <p data-testid="no-operator">{NO_OPERATOR_TEXT}</p>}
      {o && <Support o={o} />}
      {/* The payment rests on the contract (152-FZ art. 6 part 1 item 5): the offer is accepted, the policy is read. */}
      <p>
        Оплачивая, вы принимаете{' '}
        <a href={LEGAL_DOCS.publicOffer.href} target="_blank" rel="noopener">
          публичную оферту
        </a>
        ; данные для оплаты обрабатываются для её исполнения — см.{' '}
        <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener">
          политику обработки персональных данных
        </a>
        .
      </p>
    </div>
  );
}
