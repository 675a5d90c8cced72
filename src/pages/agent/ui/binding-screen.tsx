import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { authModalOpened } from '@/features/auth-modal';
import { ROUTES } from '@/shared/api';
import { $modal } from '@/shared/model';

/** Anonymous users see this instead of the agent: AI search needs the bot (authType 'binding'). */
export function BindingScreen() {
  const [open, modal] = useUnit([authModalOpened, $modal]);
  const bind = () => open({ authType: 'binding', pendingNavigateTo: ROUTES.AGENT });
  // On arrival the binding modal opens by itself, unless the navigation already opened it.
  useEffect(() => {
    if (modal?.id !== 'auth') bind();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="kv-agent-binding" data-testid="agent-binding">
      <img className="kv-only-light" src={`${import.meta.env.BASE_URL}images/auth-bot-light.svg`} alt="" width={300} height={140} />
      <img className="kv-only-dark" src={`${import.meta.env.BASE_URL}images/auth-bot-dark.svg`} alt="" width={300} height={140} />
      <h2>ИИ-агент подбирает квартиры и присылает их в Telegram</h2>
      <p>Чтобы начать, запустите нашего бота — это займёт несколько секунд. Первые три дня бесплатно.</p>
      <button type="button" className="kv-button kv-button--primary" onClick={bind}>Запустить бота</button>
    </div>
  );
}
