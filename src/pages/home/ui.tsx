import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $currentCityKladr, cityListQuery } from '@/entities/city';

/** HOME: the TOP selection arrives with its own issue; meanwhile a clear hero, never a blank screen. */
export function HomePage() {
  const kladr = useUnit($currentCityKladr);
  const cities = useQuery(cityListQuery());
  const city = cities.data?.find((c) => c.kladr === kladr);
  return (
    <section className="kv-hero">
      <h1 className="kv-page-title">ТОП</h1>
      <div className="kv-hero__card">
        <p className="kv-hero__eyebrow">Цифровой риелтор «Кварта»</p>
        <h2 className="kv-hero__title">Лучшие квартиры {city ? `в ${city.prepositional}` : 'в вашем городе'} — в одной подборке</h2>
        <p>Выберите район, метро и бюджет, а мы отсортируем новостройки и вторичку по тому, насколько они вам подходят. Ставьте лайки и дизлайки — подборка учится на ваших оценках.</p>
        <p className="kv-placeholder__badge">Раздел в разработке</p>
      </div>
    </section>
  );
}
