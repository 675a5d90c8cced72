import type { ReactNode } from 'react';
import { heroImageOf, srcSet } from '@/entities/service';
import { themedImage, useDarkPage } from '@/shared/lib';

/** The head of a services page: title, lead, what the page adds (facts or a price), one action, the hero picture by slug. */
export function ServiceHero({
  title,
  lead,
  slug,
  action,
  onAction,
  children,
}: {
  title: string;
  lead: string;
  slug: string;
  action: string;
  onAction: () => void;
  children?: ReactNode;
}) {
  const hero = themedImage(heroImageOf(slug), useDarkPage());
  return (
    <section className="kv-services-hero">
      <div>
        <h1 className="kv-services-hero__title">{title}</h1>
        <p className="kv-services-hero__lead">{lead}</p>
        {children}
        <div className="kv-services-hero__actions">
          <button type="button" className="kv-button kv-button--primary" onClick={onAction}>
            {action}
          </button>
        </div>
      </div>
      <div className="kv-services-hero__media">
        <img className="kv-services-hero__img" src={hero.x1} srcSet={srcSet(hero)} alt="" width={560} height={360} data-hero={slug} />
      </div>
    </section>
  );
}
