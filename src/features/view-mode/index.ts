export { ViewModeToggle } from './ui/view-mode-toggle';
export { ViewModeSwitch } from './ui/view-mode-switch';
export { $viewModes, viewModeToggled, viewModesRestored, readViewModesFx, saveViewModesFx } from './model/view-mode';
export type { ViewMode, ViewModeRoute, ViewModes } from './model/view-mode';
