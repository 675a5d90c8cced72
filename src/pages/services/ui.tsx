import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { servicesQuery } from '@/entities/service';
import { callbackModal } from '@/shared/model';
import {
  CustomerReviews,
  ExpertGuides,
  MortgageTopics,
  ServiceCard,
  ServiceHero,
  ServicesSection,
  ServicesUnavailable,
} from '@/widgets/services-content';

/** SERVICES: the index with the common content (data prefetched by the route loader). */
export function ServicesPage() {
  const services$ = useQuery(servicesQuery());
  const open = useUnit(callbackModal.opened);
  // The route's guard fetched the data; it is missing only when the server did not answer.
  if (!services$.data) return <ServicesUnavailable query={services$} />;
  const { common, services } = services$.data;
  const callback = () => open({ extraField: 'Страница «Услуги»', title: 'Заказать звонок' });
  return (
    <div className="kv-services" data-testid="services-page">
      <ServiceHero title={common.title} lead={common.lead} slug="podbor-i-pokupka" action="Заказать звонок" onAction={callback}>
        {common.facts.length > 0 && (
          <ul className="kv-services-facts">
            {common.facts.map((fact) => (
              <li key={fact.label}>
                <strong>{fact.value}</strong>
                <span>{fact.label}</span>
              </li>
            ))}
          </ul>
        )}
      </ServiceHero>

      <ServicesSection id="services-list-title" title="Все услуги">
        <div className="kv-services-grid">
          {services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </div>
      </ServicesSection>

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
    </div>
  );
}
