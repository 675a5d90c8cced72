import { useUnit } from 'effector-react';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from '@/shared/router';
import { $theme } from '@/features/theme-toggle';
import { matchRoute } from '@/shared/api';
import { buildTitle } from '@/shared/lib';
import { $customTitle, customTitleCleared } from '@/shared/model';
import { Toasts } from '@/shared/ui';
import { PageCommitted } from './page-committed';
import { usePageViews } from './use-page-views';
import { AssistantDrawer } from '@/widgets/assistant-drawer';
import { NavMenu, Navigation, menuClosed } from '@/widgets/navigation';
import { ModalHost } from './modal-host';
import { useChromeColors, usePlatformBridge } from './platform-bridge';
import { useStartParamRoute } from './start-param';
import { useSessionEffects } from './session-effects';

function PageFallback() {
  return (
    <div className="kv-page-loading" role="status" aria-live="polite">
      Загрузка…
    </div>
  );
}

/** The root layout: navigation, the page, and everything that floats over it. */
export function RootLayout() {
  const { pathname } = useLocation();
  const [customTitle, clearTitle, theme, closeMenu] = useUnit([$customTitle, customTitleCleared, $theme, menuClosed]);
  usePlatformBridge();
  useStartParamRoute();
  useSessionEffects();
  usePageViews(pathname);
  useEffect(() => {
    closeMenu();
    window.scrollTo?.(0, 0);
  }, [pathname, closeMenu]);
  // A page's custom title is cleared when the path changes. In the cleanup, because React runs every
  // cleanup before any new effect: the next page (rendered in the same commit, e.g. with loader data)
  // sets its own title after this, not before.
  useEffect(() => () => clearTitle(), [pathname, clearTitle]);
  useEffect(() => {
    document.title = buildTitle(pathname, customTitle);
  }, [pathname, customTitle]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  useChromeColors(theme);
  // ANALYTICS_DETAILS has its own layout (spec §2): the page without the navigation around it.
  const bare = matchRoute(pathname) === 'ANALYTICS_DETAILS';
  return (
    <div className="kv-shell">
      {!bare && <Navigation />}
      <main className={bare ? 'kv-main kv-main--bare' : 'kv-main'} id="main">
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageCommitted />
        </Suspense>
      </main>
      {!bare && <NavMenu />}
      {!bare && <AssistantDrawer />}
      <ModalHost />
      <Toasts />
    </div>
  );
}
