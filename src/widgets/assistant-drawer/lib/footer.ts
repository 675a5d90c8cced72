import type { DrawerView } from '../model/types';

const WITH_FOOTER_MENU: ReadonlySet<DrawerView> = new Set([
  'LEXS',
  'LIRA_CREATION',
  'LIRA_MAIN',
  'LIRA_ALTERNATIVE',
  'SUBSCRIPTION_INFO',
  'ANALYTICS_SETTINGS',
]);

/** Spec §2: the footer menu shows for the settings-like views; not for FAQ, the sidebars or DISLIKE. */
export function hasFooterMenu(view: DrawerView): boolean {
  return WITH_FOOTER_MENU.has(view);
}
