import { useUnit } from 'effector-react';
import { Link } from 'react-router';
import type { Service } from '@/shared/api';
import { $modal, modalClosed, modalOpened } from '@/shared/model';
import { Modal } from '@/shared/ui';
import { heroImageOf, srcSet } from '../lib/service-lib';
import './service-modal.css';

/**
 * The 'service' modal (spec §2 SERVICES / SERVICES_DETAIL "services modal"): the summary of a
 * service, a link to its page and a call-back button that opens the callback modal about it.
 */
export function ServiceModal() {
  const [modal, close, open] = useUnit([$modal, modalClosed, modalOpened]);
  const service = modal?.props.service as Service | undefined;
  if (!service) return null;
  const hero = heroImageOf(service.code);
  return (
    <Modal title={service.title} onClose={close}>
      <div className="kv-service-modal" data-testid="service-modal">
        <img src={hero.x1} srcSet={srcSet(hero)} alt="" width={560} height={360} />
        <p>{service.shortDescription}</p>
        <p className="kv-service-modal__price">{service.price}</p>
        <ol className="kv-service-modal__steps">
          {service.content.steps.map((step) => (
            <li key={step.title}>
              <strong>{step.title}.</strong> {step.text}
            </li>
          ))}
        </ol>
        <div className="kv-service-modal__actions">
          <button
            type="button"
            className="kv-button kv-button--primary"
            onClick={() => open({ id: 'callback', props: { extraField: `Услуга: ${service.title}`, title: 'Заказать звонок' } })}
          >
            Заказать звонок
          </button>
          {modal?.props.withLink !== false && (
            <Link className="kv-button" to={`/services/${service.code}`} onClick={close}>
              Подробнее об услуге
            </Link>
          )}
        </div>
      </div>
    </Modal>
  );
}
