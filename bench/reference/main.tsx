/**
 * The reference page of the phone-speed issue (#47): what a minimal Mini App built the way Telegram's own React
 * template builds one costs a phone. telegram-ui's AppRoot, one List of Sections and Cells, the Mini App SDK started
 * (init, the components mounted, the theme and viewport bound to CSS variables), no data fetched, a production build.
 * `npm run bench:web` measures it beside our pages in the same run. It is committed before any other change of that
 * issue and stays as it is: a yardstick that moves measures nothing.
 */
import '@telegram-apps/telegram-ui/dist/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot, Cell, List, Section } from '@telegram-apps/telegram-ui';
import { backButton, init, miniApp, retrieveLaunchParams, themeParams, viewport } from '@tma.js/sdk-react';

/** Starts the SDK as the template does; outside Telegram (no launch parameters) the page still draws. */
function startSdk(): 'ios' | 'base' {
  try {
    const platform = retrieveLaunchParams().tgWebAppPlatform;
    init();
    backButton.mount.ifAvailable();
    miniApp.mount.ifAvailable();
    themeParams.mount.ifAvailable();
    themeParams.bindCssVars.ifAvailable();
    const mounting = viewport.mount.ifAvailable();
    if (mounting.ok)
      void Promise.resolve(mounting.data)
        .then(() => viewport.bindCssVars.ifAvailable())
        .catch(() => undefined);
    miniApp.ready.ifAvailable();
    return platform === 'ios' || platform === 'macos' ? 'ios' : 'base';
  } catch {
    return 'base';
  }
}

const SECTIONS = [
  { header: 'Квартиры', cells: ['Подборка ТОП', 'ИИ Поиск', 'Избранное'] },
  { header: 'Сервисы', cells: ['Ипотека', 'Юридическая проверка', 'Оценка квартиры'] },
  { header: 'Аналитика', cells: ['Цены по районам', 'Динамика цен'] },
];

const platform = startSdk();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot platform={platform}>
      <List>
        {SECTIONS.map((section) => (
          <Section key={section.header} header={section.header}>
            {section.cells.map((cell) => (
              <Cell key={cell} subtitle="Открыть">
                {cell}
              </Cell>
            ))}
          </Section>
        ))}
      </List>
    </AppRoot>
  </StrictMode>,
);
