import { useUnit } from 'effector-react';
import type { ButtonHTMLAttributes } from 'react';
import type { NativeTab } from '@platform';
import { matchPath, NavLink, useLocation } from 'react-router-dom';
import { CityButton } from '@/features/city-pick';
import { ThemeToggle } from '@/features/theme-toggle';
import { ViewModeToggle } from '@/features/view-mode';
import { ROUTES } from '@/shared/api';
import { Icon, useNativeUi, type IconName } from '@/shared/ui';
import { $menuOpen, menuToggled } from '../model/menu';
import { useNavActions } from './nav-actions';

/** A bar's link; its click is the one the Mini App's tab bar takes too (AI search may ask to sign in first). */
function Item({ to, icon, label, onClick }: { to: string; icon: IconName; label: string; onClick?: NativeTab['onClick'] }) {
  return (
    <NavLink to={to} end className={({ isActive }) => `kv-nav-item${isActive ? ' is-active' : ''}`} onClick={onClick}>
      <Icon name={icon} />
      <span>{label}</span>
    </NavLink>
  );
}

type NavButtonProps = { icon: IconName; label: string; active?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>;

/** A bar's (or the menu's) button: its icon over its label; `active` while what it opens is open. */
export function NavButton({ icon, label, active = false, ...button }: NavButtonProps) {
  return (
    <button type="button" className={`kv-nav-item${active ? ' is-active' : ''}`} {...button}>
      <Icon name={icon} />
      <span>{label}</span>
    </button>
  );
}

/**
 * Side bar on desktop, bottom bar on phones (spec §2 "Side / bottom bar"). Both are rendered;
 * CSS shows the one that fits, so the markup stays identical for tests and screen readers.
 */
export function Navigation() {
  const [menuOpen, toggleMenu] = useUnit([$menuOpen, menuToggled]);
  const actions = useNavActions();
  const ui = useNativeUi();
  const { pathname } = useLocation();
  const at = (route: string) => matchPath({ path: route, end: true }, pathname) !== null;
  const menuButton = <NavButton icon="menu" label="Меню" onClick={toggleMenu} aria-expanded={menuOpen} aria-controls="kv-menu" />;
  const assistant = <NavButton icon="chat" label="Ассистент" active={actions.assistantOpen} onClick={actions.openAssistant} />;
  const settings = <NavButton icon="settings" label="Настройки" onClick={actions.openSettings} aria-disabled={!actions.settingsView} />;
  const main = (
    <>
      <Item to={ROUTES.HOME} icon="top" label="ТОП" />
      <Item to={ROUTES.AGENT} icon="ai" label="ИИ Поиск" onClick={actions.goToLira} />
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
      {ui ? (
        // Inside Telegram: Telegram's own tab bar with the same five tabs (the menu holds the rest).
        <ui.Root>
          <ui.Tabbar
            label="Навигация"
            items={[
              {
                label: 'Меню',
                icon: <Icon name="menu" />,
                selected: menuOpen,
                onClick: toggleMenu,
                expanded: menuOpen,
                controls: 'kv-menu',
              },
              { label: 'ТОП', icon: <Icon name="top" />, selected: at(ROUTES.HOME), to: ROUTES.HOME },
              { label: 'ИИ Поиск', icon: <Icon name="ai" />, selected: at(ROUTES.AGENT), to: ROUTES.AGENT, onClick: actions.goToLira },
              { label: 'Избранное', icon: <Icon name="heart" />, selected: at(ROUTES.FAV), to: ROUTES.FAV },
              { label: 'Ассистент', icon: <Icon name="chat" />, selected: actions.assistantOpen, onClick: actions.openAssistant },
            ]}
          />
        </ui.Root>
      ) : (
        <nav className="kv-bottombar" aria-label="Навигация">
          {menuButton}
          {main}
          {assistant}
          <ViewModeToggle route={actions.viewModeRoute} />
          {settings}
        </nav>
      )}
    </>
  );
}
