import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { likedQuery } from '@/entities/apartment';
import { $userId } from '@/entities/session';
import { errorMessage } from '@/shared/api';
import { ApartmentFeed } from '@/widgets/apartment-feed';

/** FAV: the liked apartments (spec §2). */
export function FavouritesPage() {
  const userId = useUnit($userId);
  const liked = useQuery(likedQuery(userId));
  return (
    <section>
      <h1 className="kv-page-title">Избранное</h1>
      <ApartmentFeed
        items={liked.data}
        isLoading={userId === null || liked.isPending}
        error={liked.isError ? `Не удалось загрузить избранное: ${errorMessage(liked.error)}` : null}
        emptyText="Вы еще не добавили ни одной квартиры в этот список"
        onRetry={() => void liked.refetch()}
      />
    </section>
  );
}
