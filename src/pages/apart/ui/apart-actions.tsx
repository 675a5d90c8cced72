import { useMutation } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { CompareToggle } from '@/features/compare-apartments';
import { FavouriteToggle } from '@/features/react-to-apartment';
import type { ApartmentDetail, City } from '@/shared/api';
import { formatNumber } from '@/shared/lib';
import { notificationShown } from '@/shared/model';
import { Icon, useShareLink, useShareMessage } from '@/shared/ui';
import { shareMessageMutationOptions } from '../api/share-message';
import { shareLink } from '../lib/share';

/** Favourite and share under the page's title: what a buyer does with a flat worth showing someone. */
export function ApartActions({ apartment, city, title }: { apartment: ApartmentDetail; city: City; title: string }) {
  const notify = useUnit(notificationShown);
  // Inside Telegram (8.0+): the listing as a message the bot prepared, sent to a chat of the buyer's choice with the
  // page's preview (its picture, price and address) and a button that opens it.
  const telegramMessage = useShareMessage();
  // An older Telegram: its share sheet for the page's link, whose preview the chat draws from its Open Graph tags.
  const telegramShare = useShareLink();
  const prepare = useMutation(shareMessageMutationOptions());
  const share = async () => {
    // The website's address of this page, also from the Mini App: it opens for whoever receives it.
    const url = new URL(`/${city.link}/apart/${apartment.id}`, window.location.origin).toString();
    const text = `${title} — ${formatNumber(apartment.priceTotalMin, 'rub')}`;
    if (telegramMessage) {
      const prepared = await prepare.mutateAsync(apartment.id).catch(() => null);
      // Sent or closed by the buyer: done. Not prepared, or refused by Telegram: the link goes instead.
      if (prepared && (await telegramMessage(prepared.id)) !== 'failed') return;
    }
    if (telegramShare) {
      telegramShare(url, text);
      return;
    }
    const outcome = await shareLink(url, title);
    if (outcome === 'copied') notify({ text: 'Ссылка скопирована', type: 'success' });
    else if (outcome === 'failed') notify({ text: `Не удалось скопировать ссылку: ${url}`, type: 'error' });
  };
  return (
    <div className="kv-apart__actions">
      <FavouriteToggle item={apartment} className="kv-apart__action" />
      <CompareToggle apartmentId={apartment.id} className="kv-apart__action" />
      <button
        type="button"
        className="kv-button kv-apart__action"
        onClick={() => void share()}
        disabled={prepare.isPending}
        data-testid="apart-share"
        aria-label="Поделиться"
        title="Поделиться"
      >
        {/* On a phone the icon alone keeps the three actions on one row. */}
        <Icon name="share" size={20} className="kv-only-narrow" />
        <span className="kv-only-wide">Поделиться</span>
      </button>
    </div>
  );
}
