import { useUnit } from 'effector-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { $analyticsChoiceShown, $analyticsDecision, analyticsChoiceDismissed, analyticsDecided } from '@/entities/consent';
import { consentPath } from '@kvarta/contract/routes';
import { useNativeUi } from '@/shared/ui';
import './consent-banner.css';

const TEXT =
  'Яндекс Метрика и реклама AdFox ставят cookie, чтобы мы понимали, как работает сервис. Без вашего согласия они не загружаются.';
const ACCEPT = 'Принять';
const NECESSARY = 'Только необходимые';

/**
 * Asked once, where a counter or an advert that sets identifiers is configured: a compact bar at the bottom (above the
 * tab bar on a phone) that moves nothing on the page and is never its largest paint; «Принять» and «Только необходимые»
 * are the same size and weight. Inside Telegram it is drawn with Telegram's own components. Escape closes it unanswered
 * (nothing loads; it is asked again next time).
 */
export function ConsentBanner() {
  const [shown, decision, decide, dismiss] = useUnit([
    $analyticsChoiceShown,
    $analyticsDecision,
    analyticsDecided,
    analyticsChoiceDismissed,
  ]);
  const ui = useNativeUi();
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && dismiss();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown, dismiss]);
  if (!shown) return null;
  const now = decision && (
    <span className="kv-consent-banner__now" data-testid="consent-now">
      Сейчас: {decision.given ? 'приняты' : 'только необходимые'}.
    </span>
  );
  const text = (
    <p className="kv-consent-banner__text" id="kv-consent-text">
      {TEXT} <Link to={consentPath('analytics')}>Подробнее</Link>. {now}
    </p>
  );
  const frame = (buttons: ReactNode) => (
    <section
      className={ui ? 'kv-consent-banner kv-consent-banner--native' : 'kv-consent-banner'}
      role="region"
      aria-label="Cookie и аналитика"
      aria-describedby="kv-consent-text"
      data-testid="consent-banner"
    >
      {text}
      <div className="kv-consent-banner__actions">{buttons}</div>
    </section>
  );
  if (ui)
    return (
      <ui.Root>
        {frame(
          <>
            <ui.Button mode="bezeled" onClick={() => decide(true)}>
              {ACCEPT}
            </ui.Button>
            <ui.Button mode="bezeled" onClick={() => decide(false)}>
              {NECESSARY}
            </ui.Button>
          </>,
        )}
      </ui.Root>
    );
  return frame(
    <>
      <button type="button" className="kv-button kv-consent-banner__button" onClick={() => decide(true)}>
        {ACCEPT}
      </button>
      <button type="button" className="kv-button kv-consent-banner__button" onClick={() => decide(false)}>
        {NECESSARY}
      </button>
    </>,
  );
}
