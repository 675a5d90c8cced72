import { useUnit } from 'effector-react';
import { NavLink } from 'react-router-dom';
import { CityButton } from '@/features/city-pick';
import { ThemeToggle } from '@/features/theme-toggle';
import { ViewModeToggle } from '@/features/view-mode';
import { ROUTES } from '@/shared/api';
import { Icon, type IconName } from '@/shared/ui';
import { $menuOpen, menuToggled } from '../model/menu';
import { useNavActions } from './nav-actions';

function Item({
  to,
  icon,
  label,
  onClick,
}: {
  to: string;
  icon: IconName;
  label: string;
  onClick?: (e: { preventDefault(): void }) => void;
}) {
  return (
    <NavLink to={to} end className={({ isActive }) => `kv-nav-item${isActive ? ' is-active' : ''}`} onClick={onClick}>
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  );
}

/**
 * Side bar on desktop, bottom bar on phones (spec §2 "Side / bottom bar"). Both are rendered;
 * CSS shows the one that fits, so the markup stays identical for tests and screen readers.
 */
export function Navigation() {
  const [menuOpen, toggleMenu] = useUnit([$menuOpen, menuToggled]);
  const actions = useNavActions();
  const menuButton = (
    <button type="button" className="kv-nav-item" onClick={toggleMenu} aria-expanded={menuOpen} aria-controls="kv-menu">
      <Icon name="menu" />
      <span>Меню</span>
    </button>
  );
  const assistant = (
    <button type="button" className={`kv-nav-item${actions.assistantOpen ? ' is-active' : ''}`} onClick={actions.openAssistant}>
      <Icon name="chat" />
      <span>Ассистент</span>
    </button>
  );
  const settings = (
    <button type="button" className="kv-nav-item" onClick={actions.openSettings} aria-disabled={!actions.settingsView}>
      <Icon name="settings" />
      <span>Настройки</span>
    </button>
  );
  const main = (
    <>
      <Item to={ROUTES.HOME} icon="top" label="ТОП" />
      <Item to={ROUTES.AGENT} icon="ai" label="ИИ Поиск" onClick={actions.goToAgent} />
      <Item to={ROUTES.FAV} icon="heart" label="Избранное" />
    </>
  );
  return (
    <>
      <nav className="kv-sidebar" aria-label="Основная навигация">
        <NavLink to={ROUTES.HOME} className="kv-logo" aria-label="Кварта — на главную">
          Кварта
        </NavLink>
        {menuButton}
        {main}
        <Item to={ROUTES.SERVICES} icon="services" label="Услуги" />
        {assistant}
        {settings}
        <div className="kv-sidebar__bottom">
          <CityButton />
          <ThemeToggle />
        </div>
      </nav>
      <nav className="kv-bottombar" aria-label="Навигация">
        {menuButton}
        {main}
        {assistant}
        <ViewModeToggle route={actions.viewModeRoute} />
        {settings}
      </nav>
    </>
  );
}
