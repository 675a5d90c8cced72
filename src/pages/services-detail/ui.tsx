import { useSuspenseQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { crossSellOf, findService, heroImageOf, servicesQuery, srcSet } from '@/entities/service';
import { ROUTES } from '@/shared/api';
import { customTitleSet, modalOpened } from '@/shared/model';
import { CustomerReviews, ExpertGuides, LegalFooter, MortgageTopics, ServiceCard } from '@/widgets/services-content';

/** SERVICES_DETAIL /services/{slug}: titled by the content title, hero by slug, cross-sell and the common content. */
export function ServiceDetailPage() {
  const { serviceSlug = '' } = useParams();
  const { data } = useSuspenseQuery(servicesQuery());
  const [setTitle, open] = useUnit([customTitleSet, modalOpened]);
  const service = findService(data.services, serviceSlug);
  const title = service?.content.title;
  useEffect(() => {
    if (title) setTitle({ title });
  }, [title, setTitle]);
  // The loader already sent unknown slugs away; this covers a cache that changed since.
  if (!service) return <Navigate to={ROUTES.NOT_FOUND} replace />;
  const hero = heroImageOf(service.code);
  const crossSell = crossSellOf(service, data.services);
  const openService = () => open({ id: 'service', props: { service, withLink: false } });
  return (
    <div className="kv-services" data-testid="service-detail">
      <nav className="kv-breadcrumbs" aria-label="Навигационная цепочка">
        <Link to={ROUTES.SERVICES}>← Все услуги</Link>
      </nav>
      <section className="kv-services-hero">
        <div>
          <h1 className="kv-services-hero__title">{service.content.title}</h1>
          <p className="kv-services-hero__lead">{service.content.lead}</p>
          <p className="kv-services-hero__price">{service.price}</p>
          <div className="kv-services-hero__actions">
            <button type="button" className="kv-button kv-button--primary" onClick={openService}>
              Оставить заявку
            </button>
          </div>
        </div>
        <div className="kv-services-hero__media">
          <img className="kv-services-hero__img" src={hero.x1} srcSet={srcSet(hero)} alt="" width={560} height={360} data-hero={service.code} />
        </div>
      </section>

      <section className="kv-services-section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="kv-services-section__title">Как мы работаем</h2>
        <ol className="kv-steps">
          {service.content.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="kv-services-section" aria-labelledby="benefits-title">
        <h2 id="benefits-title" className="kv-services-section__title">Что вы получаете</h2>
        <ul className="kv-benefits">
          {service.content.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </section>

      {crossSell.length > 0 && (
        <section className="kv-services-section" aria-labelledby="cross-sell-title" data-testid="cross-sell">
          <h2 id="cross-sell-title" className="kv-services-section__title">С этой услугой также выбирают</h2>
          <div className="kv-services-grid">
            {crossSell.map((other) => (
              <ServiceCard key={other.id} service={other} />
            ))}
          </div>
        </section>
      )}

      <MortgageTopics topics={data.common.mortgageTopics} />
      <ExpertGuides guides={data.common.guides} />
      <CustomerReviews reviews={data.common.reviews} services={data.services} />
      <LegalFooter />
    </div>
  );
}
