export { Navigation } from './ui/navigation';
export { NavMenu } from './ui/nav-menu';
export { menuClosed } from './model/menu';
export { useNavActions } from './ui/nav-actions';
