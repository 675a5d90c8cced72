import { useUnit } from 'effector-react';
import { authModalOpened } from '@/features/auth-modal';
import { ROUTES } from '@/shared/api';

/** Anonymous users see this instead of the agent: AI search needs the bot (authType 'binding'). */
export function BindingScreen() {
  // Arriving here opens the binding modal by itself (the route rule in app/ui/session-effects); this button reopens it.
  const open = useUnit(authModalOpened);
  const bind = () => open({ authType: 'binding', pendingNavigateTo: ROUTES.AGENT });
  return (
    <div className="kv-agent-binding" data-testid="agent-binding">
      <img className="kv-only-light" src={`${import.meta.env.BASE_URL}images/auth-bot-light.svg`} alt="" width={300} height={140} />
      <img className="kv-only-dark" src={`${import.meta.env.BASE_URL}images/auth-bot-dark.svg`} alt="" width={300} height={140} />
      <h2>ИИ-агент подбирает квартиры и присылает их в Telegram</h2>
      <p>Чтобы начать, запустите нашего бота — это займёт несколько секунд. Первые три дня бесплатно.</p>
      <button type="button" className="kv-button kv-button--primary" onClick={bind}>
        Запустить бота
      </button>
    </div>
  );
}
