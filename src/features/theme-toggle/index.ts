export { ThemeToggle } from './ui/theme-toggle';
export {
  $theme,
  $themeIsExternal,
  themeToggled,
  themeRestored,
  themeChangedElsewhere,
  themeDictated,
  readThemeFx,
  saveThemeFx,
} from './model/theme';
