import { useSuspenseQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { heroImageOf, servicesQuery, srcSet } from '@/entities/service';
import { modalOpened } from '@/shared/model';
import { CustomerReviews, ExpertGuides, LegalFooter, MortgageTopics, ServiceCard } from '@/widgets/services-content';

/** SERVICES: the index with the common content (data prefetched by the route loader). */
export function ServicesPage() {
  const { data } = useSuspenseQuery(servicesQuery());
  const open = useUnit(modalOpened);
  const { common, services } = data;
  const hero = heroImageOf('podbor-i-pokupka');
  const callback = () => open({ id: 'callback', props: { extraField: 'Страница «Услуги»', title: 'Заказать звонок' } });
  return (
    <div className="kv-services" data-testid="services-page">
      <section className="kv-services-hero">
        <div>
          <h1 className="kv-services-hero__title">{common.title}</h1>
          <p className="kv-services-hero__lead">{common.lead}</p>
          <ul className="kv-services-facts">
            {common.facts.map((fact) => (
              <li key={fact.label}>
                <strong>{fact.value}</strong>
                <span>{fact.label}</span>
              </li>
            ))}
          </ul>
          <div className="kv-services-hero__actions">
            <button type="button" className="kv-button kv-button--primary" onClick={callback}>
              Заказать звонок
            </button>
          </div>
        </div>
        <div className="kv-services-hero__media">
          <img className="kv-services-hero__img" src={hero.x1} srcSet={srcSet(hero)} alt="" width={560} height={360} />
        </div>
      </section>

      <section className="kv-services-section" aria-labelledby="services-list-title">
        <h2 id="services-list-title" className="kv-services-section__title">Все услуги</h2>
        <div className="kv-services-grid">
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </div>
      </section>

      <MortgageTopics topics={common.mortgageTopics} />
      <ExpertGuides guides={common.guides} />
      <CustomerReviews reviews={common.reviews} services={services} />

      <section className="kv-services-cta">
        <div>
          <h2>Остались вопросы?</h2>
          <p className="kv-muted">Менеджер перезвонит, расскажет об услугах и поможет выбрать.</p>
        </div>
        <button type="button" className="kv-button kv-button--primary" onClick={callback}>
          Заказать звонок
        </button>
      </section>
      <LegalFooter />
    </div>
  );
}
