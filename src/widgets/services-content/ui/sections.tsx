import { Link } from 'react-router-dom';
import { heroImageOf, reviewerAvatar, srcSet } from '@/entities/service';
import type { CustomerReview, ExpertGuide, MortgageTopic, Service } from '@/shared/api';
import { plural, themedImage, useDarkPage } from '@/shared/lib';
import { serviceModal } from '@/shared/model';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import './services.css';

/** A service as a card: its picture, summary and price; the title leads to its page, the button opens the services modal. */
export function ServiceCard({ service, withLink = true }: { service: Service; withLink?: boolean }) {
  const open = useUnit(serviceModal.opened);
  const hero = themedImage(heroImageOf(service.code), useDarkPage());
  return (
    <article className="kv-service-card" data-testid="service-card">
      <img className="kv-service-card__img" src={hero.x1} srcSet={srcSet(hero)} alt="" width={280} height={180} loading="lazy" />
      <div className="kv-service-card__body">
        <h3 className="kv-service-card__title">
          <Link to={`/services/${service.code}`}>{service.title}</Link>
        </h3>
        <p className="kv-service-card__text">{service.shortDescription}</p>
        <p className="kv-service-card__price">{service.price}</p>
        <button
          type="button"
          className="kv-button kv-service-card__more"
          aria-label={`Коротко об услуге «${service.title}»`}
          onClick={() => open({ service, withLink })}
        >
          Коротко об услуге
        </button>
      </div>
    </article>
  );
}

/** A titled section of the services pages; its heading names it for screen readers (and the lists that scroll). */
export function ServicesSection({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="kv-services-section" aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className="kv-services-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function MortgageTopics({ topics }: { topics: MortgageTopic[] }) {
  return (
    <ServicesSection id="mortgage-title" title="Ипотека">
      <ul className="kv-services-grid kv-services-grid--small">
        {topics.map((topic) => (
          <li key={topic.title} className="kv-info-card">
            <p className="kv-info-card__figure">{topic.rate}</p>
            <h3 className="kv-info-card__title">{topic.title}</h3>
            <p className="kv-info-card__text">{topic.text}</p>
          </li>
        ))}
      </ul>
    </ServicesSection>
  );
}

export function ExpertGuides({ guides }: { guides: ExpertGuide[] }) {
  return (
    <ServicesSection id="guides-title" title="Гайды от экспертов">
      {/* On a phone the list scrolls sideways: the keyboard must reach it to scroll it (WCAG 2.1.1), named by its heading. */}
      <ul className="kv-services-grid kv-services-grid--fit kv-services-grid--scroll" tabIndex={0} aria-labelledby="guides-title">
        {guides.map((guide) => (
          <li key={guide.title} className="kv-info-card kv-guide">
            <h3 className="kv-info-card__title">{guide.title}</h3>
            <p className="kv-info-card__text">{guide.text}</p>
            <p className="kv-guide__author">
              <strong>{guide.expert}</strong>, {guide.role.toLowerCase()} · {guide.readMinutes}{' '}
              {plural(guide.readMinutes, ['минута', 'минуты', 'минут'])} чтения
            </p>
          </li>
        ))}
      </ul>
    </ServicesSection>
  );
}

export function CustomerReviews({ reviews, services }: { reviews: CustomerReview[]; services: Service[] }) {
  const dark = useDarkPage();
  return (
    <ServicesSection id="reviews-title" title="Отзывы клиентов">
      {/* On a phone the list scrolls sideways: the keyboard must reach it to scroll it (WCAG 2.1.1), named by its heading. */}
      <ul className="kv-services-grid kv-services-grid--fit kv-services-grid--scroll" tabIndex={0} aria-labelledby="reviews-title">
        {reviews.map((review) => {
          const avatar = themedImage(reviewerAvatar(review.avatar), dark);
          const service = services.find((s) => s.id === review.serviceId);
          return (
            <li key={review.name} className="kv-info-card kv-review" data-testid="review">
              <div className="kv-review__head">
                <img
                  className="kv-review__avatar"
                  src={avatar.x1}
                  srcSet={srcSet(avatar)}
                  alt={`Фото: ${review.name}`}
                  width={56}
                  height={56}
                />
                <div>
                  <p className="kv-review__name">{review.name}</p>
                  <p className="kv-muted kv-review__meta">
                    {review.city}
                    {service ? ` · ${service.title}` : ''}
                  </p>
                </div>
              </div>
              <p className="kv-review__stars" aria-label={`Оценка ${review.rating} из 5`}>
                {'★'.repeat(review.rating)}
                {'☆'.repeat(5 - review.rating)}
              </p>
              <p className="kv-info-card__text">{review.text}</p>
            </li>
          );
        })}
      </ul>
    </ServicesSection>
  );
}
