import { useUnit } from 'effector-react';
import { Suspense, lazy } from 'react';
import { $menuOpen } from '../model/menu';

// Opened by a tap on «Меню»: its code is not on the first screen's path.
const NavMenuPanel = lazy(() => import('./nav-menu-panel').then((m) => ({ default: m.NavMenuPanel })));

/** The navigation menu, loaded when first opened. */
export function NavMenu() {
  const open = useUnit($menuOpen);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NavMenuPanel />
    </Suspense>
  );
}
