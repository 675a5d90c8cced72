import './nav-menu.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $userId, cabinetProfileQuery, loggedOut } from '@/entities/session';
import { useEffect } from 'react';
import { NavLink } from '@/shared/router';
import { CityButton } from '@/features/city-pick';
import { ThemeToggle } from '@/features/theme-toggle';
import { ViewModeToggle } from '@/features/view-mode';
import { usePlatform } from '@platform';
import { ROUTES } from '@/shared/api';
import { Icon } from '@/shared/ui';
import { $menuOpen, menuClosed } from '../model/menu';
import { useNavActions } from './nav-actions';

function Unavailable({ children }: { children: string }) {
  return (
    <li>
      <span className="kv-menu-link is-disabled" aria-disabled="true" title="Скоро">
        {children}
        <Icon name="lock" size={14} />
      </span>
    </li>
  );
}

/**
 * The navigation menu of spec §2: purchase, rent (unavailable), AI analysis, services, sign-in, favourites, city, theme.
 * Inside Telegram (the Mini App's compact shell) it is a Mini App's menu, not the website's: the Telegram account is the
 * identity (no «Выйти»), only what works is listed (no locked «Аренда» or coming-soon analyses), and the screen's
 * settings and Map/List switch, which the five-tab bar leaves out, are here.
 */
export function NavMenuPanel() {
  const [open, close, logout] = useUnit([$menuOpen, menuClosed, loggedOut]);
  const actions = useNavActions();
  // 'Вход / Регистрация' signs in (inside Telegram: again with initData); 'Выйти' logs out.
  const loginOrLogout = () => {
    close();
    if (actions.isAnonymous) actions.requireSignIn('login');
    else logout();
  };
  const platform = usePlatform();
  const miniApp = platform.compactLayout === true;
  const insideTelegram = platform.auth.bootstrap().kind === 'telegram-init-data';
  const userId = useUnit($userId);
  const profile = useQuery({ ...cabinetProfileQuery(userId), enabled: open && userId !== null && !actions.isAnonymous });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
  if (!open) return null;
  const link = (to: string, label: string, onClick?: (e: { preventDefault(): void }) => void) => (
    <li>
      <NavLink to={to} className="kv-menu-link" onClick={onClick ?? close} end>
        {label}
      </NavLink>
    </li>
  );
  return (
    <div className="kv-menu-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <nav className="kv-menu" aria-label="Меню" id="kv-menu">
        <div className="kv-menu__head">
          <span className="kv-logo">Кварта</span>
          <button type="button" className="kv-icon-button" onClick={close} aria-label="Закрыть меню">
            <Icon name="close" />
          </button>
        </div>
        <section>
          <h2 className="kv-menu__group">Покупка</h2>
          <ul>
            {link(ROUTES.HOME, 'ТОП')}
            {link(ROUTES.AGENT, 'ИИ Поиск', actions.goToAgent)}
          </ul>
        </section>
        {!miniApp && (
          <section>
            <h2 className="kv-menu__group is-disabled">Аренда</h2>
            <ul>
              <Unavailable>ТОП</Unavailable>
              <Unavailable>ИИ Поиск</Unavailable>
            </ul>
          </section>
        )}
        <section>
          <h2 className="kv-menu__group">AI анализ</h2>
          <ul>
            {link(ROUTES.ANALYTICS, 'Анализ возможностей')}
            {!miniApp && <Unavailable>Анализ квартиры</Unavailable>}
            {!miniApp && <Unavailable>Найти похожие квартиры</Unavailable>}
          </ul>
        </section>
        <section>
          <h2 className="kv-menu__group">Услуги</h2>
          <ul>{link(ROUTES.SERVICES, 'Все услуги')}</ul>
        </section>
        <ul className="kv-menu__footer">
          {!actions.isAnonymous && profile.data && (
            <li className="kv-menu__user" data-testid="signed-in-as">
              Вы вошли как {profile.data.name || 'пользователь Telegram'}
            </li>
          )}
          {(actions.isAnonymous || !insideTelegram) && (
            <li>
              <button type="button" className="kv-menu-link" onClick={loginOrLogout}>
                {actions.isAnonymous ? 'Вход / Регистрация' : 'Выйти'}
              </button>
            </li>
          )}
          {miniApp && actions.settingsView && (
            <li>
              <button
                type="button"
                className="kv-nav-item"
                onClick={() => {
                  close();
                  actions.openSettings();
                }}
              >
                <Icon name="settings" />
                <span>Настройки</span>
              </button>
            </li>
          )}
          {miniApp && actions.viewModeRoute && (
            <li onClick={close}>
              <ViewModeToggle route={actions.viewModeRoute} />
            </li>
          )}
          {link(ROUTES.FAV, 'Избранное')}
          {/* The city picker never opens over the menu: the menu steps aside as the picker is asked for. */}
          <li onClick={close}>
            <CityButton />
          </li>
          <li>
            <ThemeToggle withLabel />
          </li>
        </ul>
      </nav>
    </div>
  );
}
