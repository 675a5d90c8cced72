import { useUnit } from 'effector-react';
import { useEffect, useId, useRef, useState } from 'react';
import { drawerViewRequested } from '@/shared/model';
import type { Preset } from '@/shared/api';
import { darkMediaUrl, formatNumber, useDarkPage } from '@/shared/lib';
import { imageModal } from '@/shared/model';
import { Icon } from '@/shared/ui';

/** The popover of the graph image: what this preset looks for, and the picture at full size. */
function PresetPopover({ preset, onClose }: { preset: Preset; onClose: () => void }) {
  const open = useUnit(imageModal.opened);
  const dark = useDarkPage();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    const onDown = (event: MouseEvent) => !ref.current?.parentElement?.contains(event.target as Node) && onClose();
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onDown);
    };
  }, [onClose]);
  const { template, filters } = preset;
  return (
    <div ref={ref} className="kv-popover" role="dialog" aria-label={`Подборка «${template.title}»`} data-testid="preset-popover">
      <p className="kv-popover__title">{template.title}</p>
      <p className="kv-muted">{template.description}</p>
      <p>
        Цена подборки: {formatNumber(filters.priceTotalMinGte, 'rub')} – {formatNumber(filters.priceTotalMinLte, 'rub')}
      </p>
      <button
        type="button"
        className="kv-button"
        onClick={() => {
          onClose();
          open({ src: dark ? darkMediaUrl(template.image) : template.image, alt: `Подборка «${template.title}»`, title: template.title });
        }}
      >
        Открыть изображение
      </button>
    </div>
  );
}

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
            <img src={dark ? darkMediaUrl(preset.template.image) : preset.template.image} alt="" width={72} height={48} />
          </button>
          {popover && (
            <div id={popoverId}>
              <PresetPopover preset={preset} onClose={() => setPopover(false)} />
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
