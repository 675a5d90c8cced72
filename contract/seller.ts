import type { Seller } from './catalog';

/** Who a seller is, as every page names it. */
export const SELLER_CATEGORY_LABEL: Record<NonNullable<Seller['category']>, string> = {
  OWNER: 'Собственник',
  AGENCY: 'Агентство',
  DEVELOPER: 'Застройщик',
};

/** A listing whose source names no seller. */
export const NO_SELLER = 'Продавец не назван';

/**
 * The seller's name as the apartment page, the complex page and compare all write it: the organisation, else the
 * person, else what they are («Собственник»); one function so the pages never disagree.
 */
export function sellerTitle(seller: Seller | null): string {
  if (!seller) return NO_SELLER;
  return seller.organization ?? seller.name ?? (seller.category ? SELLER_CATEGORY_LABEL[seller.category] : 'Продавец');
}
