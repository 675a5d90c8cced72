import { Link } from 'react-router-dom';
import { SELLER_CATEGORY_LABEL as CATEGORY, sellerTitle } from '@kvarta/contract/seller';
import type { Seller } from '@/shared/api';
import { externalLinkTo, parseExternalTarget, type ExternalLinkState } from '@/shared/lib';
import './seller-card.css';

/** '+74951234567' → '+7 495 123-45-67'; other numbers as given. */
export function phoneText(phone: string): string {
  const m = /^\+?7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 ${m[1]} ${m[2]}-${m[3]}-${m[4]}` : phone;
}

/** A site the seller names, reached only through the external-link page; null when it is not a web address. */
function siteOf(url: string | null): { to: string; state: ExternalLinkState; host: string } | null {
  if (!url) return null;
  const target = parseExternalTarget(url);
  return target.ok ? { ...externalLinkTo(target.url), host: new URL(target.url).hostname } : null;
}

/**
 * Who sells the flat, as the listing's source names them: name, organisation, whether owner, agency or developer,
 * «Позвонить» (tel:), e-mail and the seller's site through the external-link page. A demo listing's seller is marked
 * as such and has no contacts.
 */
export function SellerCard({ seller, isDemo, onLeave }: { seller: Seller | null; isDemo: boolean; onLeave?: () => void }) {
  if (!seller) return <p className="kv-muted">Источник не назвал продавца.</p>;
  const site = siteOf(seller.url);
  const title = sellerTitle(seller);
  const subtitle = [seller.category ? CATEGORY[seller.category] : null, seller.organization && seller.name ? seller.name : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="kv-seller" data-testid="seller-card">
      <div className="kv-seller__head">
        {/* The seller's photo stays on the seller's host (our pages load no third-party images): their initial instead. */}
        <span className="kv-seller__photo" aria-hidden="true">
          {title
            .replace(/^[^A-Za-zА-Яа-яЁё]+/, '')
            .charAt(0)
            .toUpperCase()}
        </span>
        <div>
          <p className="kv-seller__name" data-testid="seller-name">
            {title}
            {isDemo && <span className="kv-badge kv-badge--demo kv-seller__demo">Демо</span>}
          </p>
          {subtitle && <p className="kv-muted kv-seller__role">{subtitle}</p>}
        </div>
      </div>
      {isDemo ? (
        <p className="kv-muted">Демонстрационное объявление: продавца и его контактов нет.</p>
      ) : (
        <div className="kv-seller__actions">
          {seller.phone ? (
            <a className="kv-button kv-button--primary" href={`tel:${seller.phone}`} data-testid="seller-call">
              Позвонить
              <span className="kv-seller__phone">{phoneText(seller.phone)}</span>
            </a>
          ) : (
            <p className="kv-muted">Телефон продавец не указал.</p>
          )}
          {seller.email && (
            <a className="kv-button" href={`mailto:${seller.email}`}>
              {seller.email}
            </a>
          )}
          {site && (
            <Link className="kv-button" to={site.to} state={site.state} onClick={onLeave} data-testid="seller-site">
              Сайт: {site.host}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
