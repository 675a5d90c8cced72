import { useUnit } from 'effector-react';
import { useLayoutEffect, useRef } from 'react';
import type { Preset } from '@/shared/api';
import { themedUrl, formatNumber, useDarkPage } from '@/shared/lib';
import { imageModal } from '@/shared/model';

/** The popover of the graph image: what this preset looks for, and the picture at full size. */
export function PresetPopover({ preset, onClose }: { preset: Preset; onClose: () => void }) {
  const open = useUnit(imageModal.opened);
  const dark = useDarkPage();
  const ref = useRef<HTMLDivElement>(null);
  // From the commit on (the popover is a lazy chunk): an Escape or a tap elsewhere as soon as it shows closes it.
  useLayoutEffect(() => {
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
          open({ src: themedUrl(template.image, dark), alt: `Подборка «${template.title}»`, title: template.title });
        }}
      >
        Открыть изображение
      </button>
    </div>
  );
}
