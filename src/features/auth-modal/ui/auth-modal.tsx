import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $isAnonymous, $userId, cabinetProfileQuery } from '@/entities/session';
import { LEGAL_DOCS } from '@/shared/config/legal';
import { Modal } from '@/shared/ui';
import { $bindingInfo, fetchBindingInfoFx } from '../model/flow';
import { $authType, $streamPending, authButtonClicked, authModalDismissed, type AuthType } from '../model/units';

const MESSENGER = 'Telegram';

const BOT_COPY = {
  title: `Запустить бота в ${MESSENGER}`,
  description: `Подобранные варианты будут приходить в ${MESSENGER}. Чтобы получать их, достаточно запустить бота.`,
};
/** Texts of the three modes (spec §2 "Auth modal"). */
const COPY: Record<AuthType, { title: string; description: string }> = {
  login: { title: 'Войти в профиль', description: `Авторизация или регистрация через аккаунт ${MESSENGER}` },
  binding: BOT_COPY,
  resubscribe: BOT_COPY,
};

/** The auth modal: login, binding or resubscribe through the bot (spec §2, §4 "Auth modal flow"). */
export function AuthModal() {
  const [authType, info, pending, loading, click, dismiss, isAnonymous, userId] = useUnit([
    $authType,
    $bindingInfo,
    $streamPending,
    fetchBindingInfoFx.pending,
    authButtonClicked,
    authModalDismissed,
    $isAnonymous,
    $userId,
  ]);
  const profile = useQuery({ ...cabinetProfileQuery(userId), enabled: userId !== null && !isAnonymous && authType !== 'login' });
  const alreadyConnected = authType !== 'login' && profile.data?.connectedToTelegram === true;
  const disabled = !info || loading || pending || alreadyConnected;
  const copy = COPY[authType];
  return (
    <Modal title={copy.title} onClose={dismiss} narrow>
      <div className="kv-auth">
        <div className="kv-auth__art" aria-hidden="true">
          {(['light', 'dark'] as const).map((theme) => (
            <img
              key={theme}
              className={`kv-only-${theme}`}
              src={`${import.meta.env.BASE_URL}images/auth-${authType === 'login' ? 'login' : 'bot'}-${theme}.svg`}
              alt=""
              width={300}
              height={140}
            />
          ))}
        </div>
        <p>{copy.description}</p>
        <button
          type="button"
          className="kv-button kv-button--primary kv-button--wide"
          disabled={disabled}
          aria-busy={pending || loading}
          onClick={click}
          data-testid="auth-button"
        >
          {authType === 'login' ? (
            <span className="kv-two-line">
              <span>{MESSENGER}</span>
              <small>В приложение</small>
            </span>
          ) : (
            'Запустить бота'
          )}
        </button>
        {pending && (
          <p className="kv-muted" role="status">
            Ждём подтверждения в {MESSENGER}…
          </p>
        )}
        {alreadyConnected && <p className="kv-muted">{MESSENGER} уже подключён к этому профилю.</p>}
        {/* Sign-in rests on the contract (152-FZ art. 6 part 1 item 5), not on a consent: the offer, and how data is handled. */}
        <p className="kv-auth__consent">
          Продолжая, вы принимаете{' '}
          <a href={LEGAL_DOCS.publicOffer.href} target="_blank" rel="noopener">
            публичную оферту
          </a>
          ; как мы обрабатываем данные — в{' '}
          <a href={LEGAL_DOCS.personalDataPolicy.href} target="_blank" rel="noopener">
            политике обработки персональных данных
          </a>
        </p>
      </div>
    </Modal>
  );
}
