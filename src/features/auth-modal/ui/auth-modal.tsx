import { useUnit } from 'effector-react';
import { $modal, modalClosed } from '@/shared/model';
import { Modal } from '@/shared/ui';

export type AuthType = 'login' | 'binding' | 'resubscribe';
const MESSENGER = 'Telegram';

/** Texts of the three modes (spec §2 "Auth modal"). */
const COPY: Record<AuthType, { title: string; description: string }> = {
  login: { title: 'Войти в профиль', description: `Авторизация или регистрация через аккаунт ${MESSENGER}` },
  binding: { title: `Запустить бота в ${MESSENGER}`, description: `Подобранные варианты будут приходить в ${MESSENGER}. Чтобы получать их, достаточно запустить бота.` },
  resubscribe: { title: `Запустить бота в ${MESSENGER}`, description: `Подобранные варианты будут приходить в ${MESSENGER}. Чтобы получать их, достаточно запустить бота.` },
};

/**
 * The auth modal's frame. Sign-in through the bot lands with the auth issue: until the server
 * offers binding info the button stays disabled, exactly as the spec's disabled rule says.
 */
export function AuthModal() {
  const [modal, close] = useUnit([$modal, modalClosed]);
  const authType = (modal?.props.authType as AuthType | undefined) ?? 'login';
  const copy = COPY[authType];
  return (
    <Modal title={copy.title} onClose={close} narrow>
      <div className="kv-auth">
        <div className={`kv-auth__art kv-auth__art--${authType}`} aria-hidden="true" />
        <p>{copy.description}</p>
        <button type="button" className="kv-button kv-button--primary kv-button--wide" disabled aria-describedby="auth-soon">
          {authType === 'login' ? (
            <span className="kv-two-line">
              <span>{MESSENGER}</span>
              <small>В приложение</small>
            </span>
          ) : (
            'Запустить бота'
          )}
        </button>
        <p id="auth-soon" className="kv-muted">Вход через {MESSENGER} скоро будет доступен.</p>
        <p className="kv-auth__consent">
          Продолжая, вы соглашаетесь на <a href="/docs/personal-data-policy.pdf" target="_blank" rel="noopener">обработку персональных данных</a>
        </p>
      </div>
    </Modal>
  );
}
