import { useUnit } from 'effector-react';
import { Suspense, useEffect, type MouseEvent } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { ConsentBannerHost, ConsentSettingsLink } from '@/features/analytics-consent';
import { CompareBar } from '@/features/compare-apartments';
import { SiteFooter } from '@/entities/operator';
import { $theme } from '@/features/theme-toggle';
import type { PageRoute } from '@/shared/api';
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

/** The matched page's row of the route table (contract/routes.ts), carried in its route's `handle`. */
function useMatchedPage(): PageRoute | null {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { page?: PageRoute } | undefined;
  return handle?.page ?? null;
}

/**
 * What the layout does besides drawing: the Telegram bridge, the start parameter, the session's redirects, page views,
 * the title and the theme. A leaf of its own, because each store it reads may change right after hydration (the
 * session, the saved theme, a page's title), and a store read during hydration is re-checked synchronously: here that
 * re-renders this empty component, not the whole page under the layout.
 */
function LayoutEffects({ pathname, page }: { pathname: string; page: PageRoute | null }) {
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
    document.title = buildTitle(page?.title ?? null, customTitle);
  }, [page, customTitle]);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  useChromeColors(theme);
  return null;
}

/** Moves the focus into the page without a '#main' in the address (the router would take it for a navigation). */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The root layout: navigation, the page, and everything that floats over it. */
export function RootLayout() {
  const { pathname } = useLocation();
  const page = useMatchedPage();
  // ANALYTICS_DETAILS has its own layout (spec §2): the page without the navigation around it.
  const bare = page?.bare ?? false;
  return (
    <div className="kv-shell">
      <LayoutEffects pathname={pathname} page={page} />
      {/* The first Tab stop: past the navigation to the page itself (WCAG 2.4.1); shown only while focused. */}
      <a className="kv-skip-link" href="#main" onClick={skipToContent}>
        Перейти к содержимому
      </a>
      {!bare && <Navigation />}
      <main className={bare ? 'kv-main kv-main--bare' : 'kv-main'} id="main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
          <PageCommitted />
        </Suspense>
        {!bare && (
          <SiteFooter>
            <ConsentSettingsLink />
          </SiteFooter>
        )}
      </main>
      {!bare && <CompareBar />}
      {!bare && <NavMenu />}
      {!bare && <AssistantDrawer />}
      <ModalHost />
      <ConsentBannerHost />
      <Toasts />
    </div>
  );
}
