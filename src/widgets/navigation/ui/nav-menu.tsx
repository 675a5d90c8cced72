import { useUnit } from 'effector-react';
import { lazyWhenShown } from '@/shared/ui';
import { $menuOpen } from '../model/menu';

// Opened by a tap on «Меню»: its code is not on the first screen's path.
const NavMenuPanel = lazyWhenShown(() => import('./nav-menu-panel'), 'NavMenuPanel');

/** The navigation menu, loaded when first opened. */
export function NavMenu() {
  return <NavMenuPanel shown={useUnit($menuOpen)} />;
}
