import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import { callbackModal, modalClosed, serviceModal } from '@/shared/model';
import { themedImage, useDarkPage } from '@/shared/lib';
import { Modal } from '@/shared/ui';
import { srcSet } from '../lib/service-lib';
import { heroImageOf } from '../lib/service-pages';
import './service-modal.css';

/**
 * The 'service' modal (spec §2 SERVICES / SERVICES_DETAIL "services modal"): the summary of a
 * service, a link to its page and a call-back button that opens the callback modal about it.
 */
export function ServiceModal() {
  const [props, close, openCallback] = useUnit([serviceModal.$props, modalClosed, callbackModal.opened]);
  const service = props?.service;
  const dark = useDarkPage();
  if (!service) return null;
  const hero = themedImage(heroImageOf(service.code), dark);
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
            onClick={() => openCallback({ extraField: `Услуга: ${service.title}`, title: 'Заказать звонок' })}
          >
            Заказать звонок
          </button>
          {props?.withLink !== false && (
            <Link className="kv-button" to={`/services/${service.code}`} onClick={close}>
              Подробнее об услуге
            </Link>
          )}
        </div>
      </div>
    </Modal>
  );
}
