import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES, ROUTE_TITLES, type OperatorInfo } from '@/shared/api';
import { companyLine, LEGAL_DOCS, NO_OPERATOR_TEXT } from '@/shared/config/legal';
import { operatorQuery } from '../api/operator-query';
import './operator.css';

const telOf = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function Support({ o }: { o: OperatorInfo }) {
  if (!o.supportPhone && !o.supportEmail) return null;
  return (
    <p className="kv-operator__support">
      Поддержка: {o.supportPhone && <a href={telOf(o.supportPhone)}>{o.supportPhone}</a>}
      {o.supportPhone && o.supportEmail && ', '}
      {o.supportEmail && <a href={`mailto:${o.supportEmail}`}>{o.supportEmail}</a>}
    </p>
  );
}

/**
 * The site's footer: who runs the service (legal name, ИНН, ОГРН, address, support) and the legal documents. Nothing
 * about the company is shown that the operator did not configure.
 */
export function SiteFooter({ children }: { children?: ReactNode }) {
  const operator = useQuery(operatorQuery());
  const o = operator.data;
  const company = o ? companyLine(o) : '';
  return (
    <footer className="kv-footer" data-testid="site-footer">
      {o && company && <p className="kv-operator__company">Сервис «Кварта» предоставляет {company}</p>}
      {o && !company && (
        <p className="kv-operator__company" data-testid="no-operator">
          {NO_OPERATOR_TEXT}
        </p>
      )}
      {o?.address && <p className="kv-muted">Адрес: {o.address}</p>}
      {o && <Support o={o} />}
      <nav className="kv-footer__docs" aria-label="Правовая информация">
        {[LEGAL_DOCS.publicOffer, LEGAL_DOCS.confidentialityPolicy, LEGAL_DOCS.personalDataPolicy].map((doc) => (
          <a key={doc.href} href={doc.href} target="_blank" rel="noopener">
            {doc.title}
          </a>
        ))}
        {/* A page of the app (149-FZ art. 10.2-2), not a PDF: opened in place, in the Mini App too. */}
        <Link to={ROUTES.RECOMMENDATION_RULES}>{ROUTE_TITLES.RECOMMENDATION_RULES}</Link>
        {children}
      </nav>
    </footer>
  );
}

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
