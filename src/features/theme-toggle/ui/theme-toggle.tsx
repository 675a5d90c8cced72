import { useUnit } from 'effector-react';
import { Icon } from '@/shared/ui';
import { $theme, $themeIsExternal, themeToggled } from '../model/theme';

/** Light/dark switch; hidden inside Telegram, where Telegram's own scheme rules. */
export function ThemeToggle({ withLabel = false }: { withLabel?: boolean }) {
  const [theme, external, toggle] = useUnit([$theme, $themeIsExternal, themeToggled]);
  if (external) return null;
  const label = theme === 'dark' ? 'Светлая тема' : 'Тёмная тема';
  return (
    <button
      type="button"
      className="kv-nav-item"
      onClick={toggle}
      aria-label={label}
      aria-pressed={theme === 'dark'}
      data-testid="theme-toggle"
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {withLabel && <span>{label}</span>}
    </button>
  );
}
