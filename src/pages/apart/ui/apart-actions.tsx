import { useUnit } from 'effector-react';
import { FavouriteToggle } from '@/features/react-to-apartment';
import type { ApartmentDetail, City } from '@/shared/api';
import { notificationShown } from '@/shared/model';
import { shareLink } from '../lib/share';

/** Favourite and share under the page's title (issue 19): what a buyer does with a flat worth showing someone. */
export function ApartActions({ apartment, city, title }: { apartment: ApartmentDetail; city: City; title: string }) {
  const notify = useUnit(notificationShown);
  const share = async () => {
    // The website's address of this page, also from the Mini App: it opens for whoever receives it.
    const url = new URL(`/${city.link}/apart/${apartment.id}`, window.location.origin).toString();
    const outcome = await shareLink(url, title);
    if (outcome === 'copied') notify({ text: 'Ссылка скопирована', type: 'success' });
    else if (outcome === 'failed') notify({ text: `Не удалось скопировать ссылку: ${url}`, type: 'error' });
  };
  return (
    <div className="kv-apart__actions">
      <FavouriteToggle item={apartment} className="kv-apart__action" />
      <button type="button" className="kv-button kv-apart__action" onClick={() => void share()} data-testid="apart-share">
        Поделиться
      </button>
    </div>
  );
}
