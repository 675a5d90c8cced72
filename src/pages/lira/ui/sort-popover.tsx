import { useUnit } from 'effector-react';
import { useEffect, useRef, useState } from 'react';
import { LIRA_SORTS, LIRA_SORT_LABELS } from '@kvarta/contract/lira-rules';
import { useHaptics } from '@/shared/ui';
import { $liraShowSold, $liraSort, liraShowSoldToggled, liraSortChosen } from '../model';

/** The view/sort popover of AGENT: the sort and 'include sold'. */
export function SortPopover() {
  const [sort, showSold, chooseSort, toggleSold] = useUnit([$liraSort, $liraShowSold, liraSortChosen, liraShowSoldToggled]);
  const [open, setOpen] = useState(false);
  const haptics = useHaptics();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => ref.current && !ref.current.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => (document.removeEventListener('mousedown', onDown), document.removeEventListener('keydown', onKey));
  }, [open]);
  return (
    <div className="kv-agent-sort" ref={ref}>
      <button type="button" className="kv-button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((v) => !v)}>
        {LIRA_SORT_LABELS[sort]} ▾
      </button>
      {open && (
        <div className="kv-agent-sort__popover" role="dialog" aria-label="Вид и сортировка">
          <fieldset>
            <legend>Сортировка</legend>
            {LIRA_SORTS.map((s) => (
              <label key={s} className="kv-lira-check">
                <input
                  type="radio"
                  name="liraSort"
                  checked={sort === s}
                  onChange={() => (haptics.selection(), chooseSort(s), setOpen(false))}
                />
                <span>{LIRA_SORT_LABELS[s]}</span>
              </label>
            ))}
          </fieldset>
          <label className="kv-lira-check">
            <input type="checkbox" checked={showSold} onChange={(e) => toggleSold(e.target.checked)} />
            <span>Показывать проданные</span>
          </label>
        </div>
      )}
    </div>
  );
}
