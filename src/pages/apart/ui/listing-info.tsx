import { SellerCard } from '@/entities/apartment';
import type { ListingInfo } from '@/shared/api';
import { dayText } from '@/shared/lib';
import { Fact } from '@/shared/ui';
import { Section } from './section';
import './listing.css';

/**
 * The listing as its source published it: who sells (with «Позвонить» and the seller's site), its number, when it was
 * published and last updated, and the seller's own description. A generated listing says it is a demonstration.
 */
export function ListingInfoSection({ listing }: { listing: ListingInfo }) {
  const paragraphs = (listing.description ?? '')
    .split(/\n+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <Section title="Продавец и объявление" testId="apart-listing">
      <SellerCard seller={listing.seller} isDemo={listing.isDemo} />
      <dl className="kv-facts kv-apart-listing__facts">
        <Fact term="Номер объявления" testId="listing-number">
          {listing.number}
        </Fact>
        <Fact term="Опубликовано">
          <time dateTime={listing.publishedAt}>{dayText(listing.publishedAt)}</time>
        </Fact>
        {listing.updatedAt && (
          <Fact term="Обновлено">
            <time dateTime={listing.updatedAt}>{dayText(listing.updatedAt)}</time>
          </Fact>
        )}
        <Fact term="Источник">{listing.isDemo ? 'Демонстрационный каталог «Кварты»' : (listing.source ?? '«Кварта»')}</Fact>
      </dl>
      {paragraphs.length > 0 && (
        <>
          <h3>Описание продавца</h3>
          <div className="kv-apart-listing__text" data-testid="listing-description">
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </>
      )}
    </Section>
  );
}
