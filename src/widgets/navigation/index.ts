export { Navigation } from './ui/navigation';
export { NavMenu } from './ui/nav-menu';
export { settingsViewFor, viewModeRouteFor, currentRoute } from './lib/routes';
export { $menuOpen, menuToggled, menuClosed } from './model/menu';
export { useNavActions } from './ui/nav-actions';
