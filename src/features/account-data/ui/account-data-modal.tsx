import { useMutation } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { LEGAL_DOCS } from '@kvarta/contract/legal';
import { loggedOut } from '@/entities/session';
import { api, errorMessage, ROUTES } from '@/shared/api';
import { saveJson } from '@/shared/lib';
import { modalClosed } from '@/shared/model';
import { ErrorText, Modal } from '@/shared/ui';
import { ConsentsSection } from './consents-section';

/**
 * «Ваши данные» (152-FZ), from the profile menu on the website and in the Mini App: «Посмотреть мои данные» opens the
 * readable, printable page of what is stored (MY_DATA), «Скачать мои данные» saves the same as JSON; «Удалить аккаунт и данные» asks once more, deletes them on the server (every
 * session ends there) and returns this tab to a new anonymous session.
 */
export function AccountDataModal() {
  const [close, logOut] = useUnit([modalClosed, loggedOut]);
  const [step, setStep] = useState<'menu' | 'confirm' | 'done'>('menu');
  const download = useMutation({ mutationFn: () => api.call('personalData'), onSuccess: saveJson });
  const remove = useMutation({
    mutationFn: () => api.call('accountDelete', { body: { confirm: true } }),
    onSuccess: () => setStep('done'),
  });
  if (step === 'done') {
    // The token is refused from now on: once this is read, the tab starts over as a new visitor.
    const finish = () => {
      close();
      logOut();
    };
    return (
      <Modal title="Аккаунт удалён" onClose={finish} narrow>
        <div className="kv-lira-modal" data-testid="account-deleted">
          <p role="status">Аккаунт и данные удалены, все сеансы завершены. Платежи сохранены без личных данных, как требует закон.</p>
          <button type="button" className="kv-button kv-button--primary kv-button--wide" onClick={finish}>
            Закрыть
          </button>
        </div>
      </Modal>
    );
  }
  if (step === 'confirm') {
    return (
      <Modal title="Удалить аккаунт и данные?" onClose={close} narrow>
        <div className="kv-lira-modal" data-testid="account-delete-confirm">
          <p>
            Удалятся профиль, настройки ТОПа и ИИ Поиска, реакции, избранное, подписка и привязка Telegram; все сеансы на сайте и в
            приложении завершатся, продление подписки отменится. Платежи останутся без личных данных: их требует хранить закон о
            бухгалтерском учёте.
          </p>
          <p>
            <strong>Это нельзя отменить.</strong>
          </p>
          <ErrorText text={remove.isError && errorMessage(remove.error)} />
          <div className="kv-lira-actions">
            <button type="button" className="kv-button" onClick={() => setStep('menu')}>
              Оставить
            </button>
            <button
              type="button"
              className="kv-button kv-button--danger"
              disabled={remove.isPending}
              aria-busy={remove.isPending}
              onClick={() => remove.mutate()}
            >
              {remove.isPending ? 'Удаляем…' : 'Удалить навсегда'}
            </button>
          </div>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title="Ваши данные" onClose={close} narrow>
      <div className="kv-lira-modal" data-testid="account-data">
        <p>
          Что мы храним, зачем, сколько и где — в{' '}
          <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener noreferrer">
            политике обработки персональных данных
          </a>
          .
        </p>
        <ErrorText text={download.isError && errorMessage(download.error)} />
        <Link className="kv-button kv-button--primary kv-button--wide" to={ROUTES.MY_DATA} onClick={() => close()}>
          Посмотреть мои данные
        </Link>
        <button type="button" className="kv-button kv-button--wide" disabled={download.isPending} onClick={() => download.mutate()}>
          {download.isPending ? 'Собираем данные…' : 'Скачать мои данные'}
        </button>
        <button type="button" className="kv-button kv-button--danger kv-button--wide" onClick={() => setStep('confirm')}>
          Удалить аккаунт и данные
        </button>
        <ConsentsSection />
      </div>
    </Modal>
  );
}
