import { useUnit } from 'effector-react';
import { Suspense, useId, useState } from 'react';
import { drawerViewRequested } from '@/shared/model';
import type { Preset } from '@/shared/api';
import { themedUrl, useDarkPage } from '@/shared/lib';
import { Icon, lazyComponent } from '@/shared/ui';

/** Opened by a tap on the picture, so it is not part of the first screen's download. */
const PresetPopover = lazyComponent(() => import('./preset-popover'), 'PresetPopover');

/**
 * The search-summary block at the head of the TOP feed (spec §2 HOME, 'graph preset'):
 * the preset's picture with a popover, the summary line, and the way into the TOP settings.
 */
export function SearchSummary({ preset, text, found }: { preset: Preset | null; text: string; found: number | null }) {
  const openChat = useUnit(drawerViewRequested);
  const [popover, setPopover] = useState(false);
  const popoverId = useId();
  const dark = useDarkPage();
  return (
    <div className="kv-search-summary" data-testid="search-summary-block">
      {preset?.template.image && (
        <div className="kv-search-summary__graph">
          <button
            type="button"
            className="kv-search-summary__image"
            aria-expanded={popover}
            aria-controls={popoverId}
            onClick={() => setPopover((v) => !v)}
            aria-label={`О подборке «${preset.template.title}»`}
          >
            <img src={themedUrl(preset.template.image, dark)} alt="" width={72} height={48} />
          </button>
          {popover && (
            <div id={popoverId}>
              <Suspense fallback={null}>
                <PresetPopover preset={preset} onClose={() => setPopover(false)} />
              </Suspense>
            </div>
          )}
        </div>
      )}
      <p className="kv-summary" data-testid="search-summary">
        {text}
        {found !== null ? ` · Найдено: ${found}` : ''}
      </p>
      <button type="button" className="kv-button kv-search-summary__settings" onClick={() => openChat('LEXS')}>
        <Icon name="settings" size={18} /> Настроить
      </button>
    </div>
  );
}
