import './nav-menu.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $userId, cabinetProfileQuery } from '@/entities/session';
import { useEffect } from 'react';
import { NavLink } from '@/shared/router';
import { CityButton } from '@/features/city-pick';
import { ThemeToggle } from '@/features/theme-toggle';
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

/** The navigation menu of spec §2: purchase, rent (unavailable), AI analysis, services, sign-in, favourites, city, theme. */
export function NavMenuPanel() {
  const [open, close] = useUnit([$menuOpen, menuClosed]);
  const actions = useNavActions();
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
        <section>
          <h2 className="kv-menu__group is-disabled">Аренда</h2>
          <ul>
            <Unavailable>ТОП</Unavailable>
            <Unavailable>ИИ Поиск</Unavailable>
          </ul>
        </section>
        <section>
          <h2 className="kv-menu__group">AI анализ</h2>
          <ul>
            {link(ROUTES.ANALYTICS, 'Анализ возможностей')}
            <Unavailable>Анализ квартиры</Unavailable>
            <Unavailable>Найти похожие квартиры</Unavailable>
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
          <li>
            <button type="button" className="kv-menu-link" onClick={actions.loginOrLogout}>
              {actions.isAnonymous ? 'Вход / Регистрация' : 'Выйти'}
            </button>
          </li>
          {link(ROUTES.FAV, 'Избранное')}
          <li>
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
