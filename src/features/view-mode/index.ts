export { ViewModeToggle } from './ui/view-mode-toggle';
export { $viewModes, viewModeToggled, viewModesRestored, readViewModesFx, saveViewModesFx } from './model/view-mode';
export type { ViewMode, ViewModeRoute, ViewModes } from './model/view-mode';
