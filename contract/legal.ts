import type { OperatorInfo } from './operator';

/**
 * The legal documents (spec §2 "Legal documents"), served as PDFs by our server from public/docs.
 * Zod-free and dependency-free (the operator is imported as a type only): any slice (auth modal, services footer, apartment page) may import it.
 */
export const LEGAL_DOCS = {
  confidentialityPolicy: { href: '/docs/confidentiality-policy.pdf', title: 'Политика конфиденциальности' },
  publicOffer: { href: '/docs/public-offer.pdf', title: 'Публичная оферта' },
  personalDataPolicy: { href: '/docs/personal-data-policy.pdf', title: 'Политика обработки персональных данных' },
} as const;

export const LEGAL_DOC_LIST = [LEGAL_DOCS.confidentialityPolicy, LEGAL_DOCS.publicOffer, LEGAL_DOCS.personalDataPolicy] as const;

/**
 * Where no operator is configured (development, a demonstration stand): said plainly, never an empty line — in the
 * footer, beside «Оплатить» and in the legal documents. Production cannot start without one (server/content/operator.ts).
 */
export const NO_OPERATOR_TEXT = 'Демонстрационный стенд: оператор сервиса не назван, оплата здесь тестовая — деньги не списываются.';

/** The company line: «ООО «Кварта», ИНН …, ОГРН …» — only what is configured; empty where nothing is. */
export function companyLine(o: OperatorInfo): string {
  return [o.legalName, o.inn && `ИНН ${o.inn}`, o.ogrn && `ОГРН ${o.ogrn}`].filter(Boolean).join(', ');
}
