import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ROUTES, ROUTE_TITLES } from '@/shared/api';
import { companyLine, LEGAL_DOC_LIST, NO_OPERATOR_TEXT } from '@/shared/config/legal';
import { operatorQuery } from '../api/operator-query';
import { Support } from './support-line';
import './operator.css';

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
        {LEGAL_DOC_LIST.map((doc) => (
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
