import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { crossSellOf, findService, servicesQuery } from '@/entities/service';
import { ROUTES } from '@/shared/api';
import { customTitleSet, serviceModal } from '@/shared/model';
import {
  CustomerReviews,
  ExpertGuides,
  MortgageTopics,
  ServiceCard,
  ServiceHero,
  ServicesSection,
  ServicesUnavailable,
} from '@/widgets/services-content';

/** SERVICES_DETAIL /services/{slug}: titled by the content title, hero by slug, cross-sell and the common content. */
export function ServiceDetailPage() {
  const { serviceSlug = '' } = useParams();
  const services = useQuery(servicesQuery());
  const [setTitle, open] = useUnit([customTitleSet, serviceModal.opened]);
  const data = services.data;
  const service = data ? findService(data.services, serviceSlug) : undefined;
  const title = service?.content.title;
  useEffect(() => {
    if (title) setTitle({ title });
  }, [title, setTitle]);
  // The route's guard fetched the data; it is missing only when the server did not answer.
  if (!data) return <ServicesUnavailable query={services} />;
  // The loader already sent unknown slugs away; this covers a cache that changed since.
  if (!service) return <Navigate to={ROUTES.NOT_FOUND} replace />;
  const crossSell = crossSellOf(service, data.services);
  const openService = () => open({ service, withLink: false });
  return (
    <div className="kv-services" data-testid="service-detail">
      <nav className="kv-breadcrumbs" aria-label="Навигационная цепочка">
        <Link to={ROUTES.SERVICES}>← Все услуги</Link>
      </nav>
      <ServiceHero
        title={service.content.title}
        lead={service.content.lead}
        slug={service.code}
        action="Оставить заявку"
        onAction={openService}
      >
        <p className="kv-services-hero__price">{service.price}</p>
      </ServiceHero>

      <ServicesSection id="steps-title" title="Как мы работаем">
        <ol className="kv-steps">
          {service.content.steps.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </ServicesSection>

      <ServicesSection id="benefits-title" title="Что вы получаете">
        <ul className="kv-benefits">
          {service.content.benefits.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </ServicesSection>

      {crossSell.length > 0 && (
        <ServicesSection id="cross-sell-title" title="С этой услугой также выбирают" testId="cross-sell">
          <div className="kv-services-grid">
            {crossSell.map((other) => (
              <ServiceCard key={other.id} service={other} />
            ))}
          </div>
        </ServicesSection>
      )}

      <MortgageTopics topics={data.common.mortgageTopics} />
      <ExpertGuides guides={data.common.guides} />
      <CustomerReviews reviews={data.common.reviews} services={data.services} />
    </div>
  );
}
