import './nav-menu.css';
import { useQuery } from '@tanstack/react-query';
import { useUnit } from 'effector-react';
import { $userId, cabinetProfileQuery, loggedOut } from '@/entities/session';
import { useId, useLayoutEffect, useState } from 'react';
import { NavLink } from 'react-router-dom';
import { CityButton, useCityChoice } from '@/features/city-pick';
import { PersonalisationSection, PersonalisationSwitch } from '@/features/personalisation';
import { ThemeToggle } from '@/features/theme-toggle';
import { ViewModeToggle, useViewModeToggle, type ViewModeRoute } from '@/features/view-mode';
import { usePlatform, type NativeUi } from '@platform';
import { ROUTES } from '@/shared/api';
import { accountDataModal } from '@/shared/model';
import { Icon, useBackLayer } from '@/shared/ui';
import { $menuOpen, menuClosed } from '../model/menu';
import { UNAVAILABLE_REASONS } from '../lib/routes';
import { useNavActions } from './nav-actions';
import { NavButton } from './navigation';

/** A tap on an entry that leads elsewhere: the menu closes first, then the entry does its part. */
const closing = (close: () => void, then: () => void) => () => {
  close();
  then();
};

/** A locked entry: greyed, yet a tap (or Enter) says why under it, announced to screen readers too. */
function Unavailable({ children, reason }: { children: string; reason: string }) {
  const [said, setSaid] = useState(false);
  const reasonId = useId();
  return (
    <li>
      <button
        type="button"
        className="kv-menu-link is-disabled"
        aria-disabled="true"
        aria-expanded={said}
        aria-controls={reasonId}
        onClick={() => setSaid((shown) => !shown)}
      >
        {children}
        <Icon name="lock" size={14} />
      </button>
      <p id={reasonId} className="kv-menu__why" role="status">
        {said ? reason : ''}
      </p>
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
  const [open, close, logout, openAccountData] = useUnit([$menuOpen, menuClosed, loggedOut, accountDataModal.opened]);
  const actions = useNavActions();
  // 'Вход / Регистрация' signs in (inside Telegram: again with initData); 'Выйти' logs out.
  const loginOrLogout = () => {
    close();
    if (actions.isAnonymous) actions.requireSignIn('login');
    else logout();
  };
  const platform = usePlatform();
  const miniApp = platform.compactLayout === true;
  const platformSaysWho = platform.auth.identity === 'platform';
  const userId = useUnit($userId);
  const profile = useQuery({ ...cabinetProfileQuery(userId), enabled: open && userId !== null && !actions.isAnonymous });
  useBackLayer(close, open);
  // From the commit on (the panel is a lazy chunk): an Escape pressed as soon as the menu shows closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);
  if (!open) return null;
  if (platform.ui)
    return (
      <NativeMenu
        ui={platform.ui}
        close={close}
        signedInAs={!actions.isAnonymous && profile.data ? profile.data.name || 'пользователь Telegram' : null}
        actions={actions}
        addToHomeScreen={platform.addToHomeScreen}
        openAccountData={() => openAccountData({ delay: 50 })}
      />
    );
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
        <MenuHead close={close} />
        <section>
          <h2 className="kv-menu__group">Покупка</h2>
          <ul>
            {link(ROUTES.HOME, 'ТОП')}
            {link(ROUTES.AGENT, 'ИИ Поиск', actions.goToLira)}
          </ul>
        </section>
        {!miniApp && (
          <section>
            <h2 className="kv-menu__group is-disabled">Аренда</h2>
            <ul>
              <Unavailable reason={UNAVAILABLE_REASONS.rent}>ТОП</Unavailable>
              <Unavailable reason={UNAVAILABLE_REASONS.rent}>ИИ Поиск</Unavailable>
            </ul>
          </section>
        )}
        <section>
          <h2 className="kv-menu__group">AI анализ</h2>
          <ul>
            {link(ROUTES.ANALYTICS, 'Анализ возможностей')}
            {!miniApp && <Unavailable reason={UNAVAILABLE_REASONS.flatAnalysis}>Анализ квартиры</Unavailable>}
            {!miniApp && <Unavailable reason={UNAVAILABLE_REASONS.similar}>Найти похожие квартиры</Unavailable>}
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
          {/* A visitor who has not signed in holds data too (ratings, a call-back request, consents): theirs to see and end. */}
          <li>
            <button type="button" className="kv-menu-link" onClick={closing(close, () => openAccountData({ delay: 50 }))}>
              Ваши данные
            </button>
          </li>
          {(actions.isAnonymous || !platformSaysWho) && (
            <li>
              <button type="button" className="kv-menu-link" onClick={loginOrLogout}>
                {actions.isAnonymous ? 'Вход / Регистрация' : 'Выйти'}
              </button>
            </li>
          )}
          {miniApp && actions.settingsView && (
            <li>
              <NavButton icon="settings" label="Настройки" onClick={closing(close, actions.openSettings)} />
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
          {/* 149-FZ art. 10.2-2: anyone, signed in or not, may have recommendations without their own data. */}
          <li>
            <PersonalisationSwitch onNavigate={close} />
          </li>
        </ul>
      </nav>
    </div>
  );
}

/** The Map/List switch as a row of the Mini App's menu (a tile among rows looked out of place). */
function ViewModeCell({ route, Cell, close }: { route: ViewModeRoute; Cell: NativeUi['Cell']; close: () => void }) {
  const { label, icon, toggle } = useViewModeToggle(route);
  return (
    <Cell before={<Icon name={icon} />} testId="view-mode-toggle" onClick={closing(close, toggle)}>
      {label}
    </Cell>
  );
}

/** The city as a row: «Город» and the current one; the city picker never opens over the menu (the menu steps aside). */
function CityCell({ Cell, close }: { Cell: NativeUi['Cell']; close: () => void }) {
  const { title, open } = useCityChoice();
  return (
    <Cell before={<Icon name="pin" />} after={title} testId="city-button" onClick={closing(close, open)}>
      Город
    </Cell>
  );
}

/**
 * The Mini App's menu in Telegram's own look (telegram-ui's List, Section and Cell inside its AppRoot): grouped rows as
 * in Telegram's settings, on iOS and Android alike. The Telegram account is the identity, so no sign-in or «Выйти».
 */
function NativeMenu({
  ui,
  close,
  signedInAs,
  actions,
  addToHomeScreen,
  openAccountData,
}: {
  ui: NativeUi;
  close: () => void;
  signedInAs: string | null;
  actions: ReturnType<typeof useNavActions>;
  addToHomeScreen: (() => void) | undefined;
  openAccountData: () => void;
}) {
  const { Root, List, Section, Cell } = ui;
  return (
    <div className="kv-menu-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <nav className="kv-menu kv-menu--native" aria-label="Меню" id="kv-menu">
        <Root>
          <MenuHead close={close} />
          <List>
            <Section header="Покупка">
              <Cell to={ROUTES.HOME} onClick={close}>
                ТОП
              </Cell>
              <Cell to={ROUTES.AGENT} onClick={() => actions.goToLira()}>
                ИИ Поиск
              </Cell>
              <Cell to={ROUTES.FAV} onClick={close}>
                Избранное
              </Cell>
            </Section>
            <Section header="AI анализ">
              <Cell to={ROUTES.ANALYTICS} onClick={close}>
                Анализ возможностей
              </Cell>
            </Section>
            <Section header="Услуги">
              <Cell to={ROUTES.SERVICES} onClick={close}>
                Все услуги
              </Cell>
            </Section>
            <Section header="Этот экран">
              {actions.settingsView && (
                <Cell before={<Icon name="settings" />} onClick={closing(close, actions.openSettings)}>
                  Настройки
                </Cell>
              )}
              {actions.viewModeRoute && <ViewModeCell route={actions.viewModeRoute} Cell={Cell} close={close} />}
              <CityCell Cell={Cell} close={close} />
              {addToHomeScreen && <Cell onClick={closing(close, addToHomeScreen)}>На экран «Домой»</Cell>}
            </Section>
            <PersonalisationSection ui={ui} onNavigate={close} />
            {/* Telegram's settings put the account first in its own group; here it closes the menu, in rows alike. */}
            {signedInAs && (
              <Section header="Аккаунт">
                <Cell before={<Icon name="user" />} testId="signed-in-as">
                  Вы вошли как {signedInAs}
                </Cell>
                <Cell onClick={closing(close, openAccountData)}>Ваши данные</Cell>
              </Section>
            )}
          </List>
        </Root>
      </nav>
    </div>
  );
}

/** The menu's head, the same in both menus: the logo and its close button. */
function MenuHead({ close }: { close: () => void }) {
  return (
    <div className="kv-menu__head">
      <span className="kv-logo">Кварта</span>
      <button type="button" className="kv-icon-button" onClick={close} aria-label="Закрыть меню">
        <Icon name="close" />
      </button>
    </div>
  );
}
