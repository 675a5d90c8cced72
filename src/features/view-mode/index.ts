export { ViewModeToggle, useViewModeToggle } from './ui/view-mode-toggle';
export { ViewModeSwitch } from './ui/view-mode-switch';
export { $viewModes, saveViewModesFx, savedViewModesFound, viewModeToggled, viewModesRestored } from './model/view-mode';
export type { ViewModeRoute } from './model/view-mode';
