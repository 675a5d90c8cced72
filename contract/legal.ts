/**
 * The legal documents (spec §2 "Legal documents"), served as PDFs by our server from public/docs.
 * Zod-free and dependency-free: any slice (auth modal, services footer, apartment page) may import it.
 */
export const LEGAL_DOCS = {
  confidentialityPolicy: { href: '/docs/confidentiality-policy.pdf', title: 'Политика конфиденциальности' },
  publicOffer: { href: '/docs/public-offer.pdf', title: 'Публичная оферта' },
  personalDataPolicy: { href: '/docs/personal-data-policy.pdf', title: 'Политика обработки персональных данных' },
} as const;

export const LEGAL_DOC_LIST = [LEGAL_DOCS.confidentialityPolicy, LEGAL_DOCS.publicOffer, LEGAL_DOCS.personalDataPolicy] as const;
