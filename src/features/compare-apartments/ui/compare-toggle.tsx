import { useUnit } from 'effector-react';
import { useClientStoreMap } from '@/shared/lib';
import { $compareIds, compareToggled } from '../model/compare';
import './compare.css';

/** «Сравнить» on a card, in favourites and on the apartment page: puts the apartment side by side with others. */
export function CompareToggle({
  apartmentId,
  variant = 'button',
  className = '',
}: {
  apartmentId: number;
  /** `card`: one of the card's row of reaction buttons; `button`: a page's button. */
  variant?: 'card' | 'button';
  className?: string;
}) {
  const toggle = useUnit(compareToggled);
  // The list lives in this browser's storage, restored after the page hydrates: the server always draws «Сравнить».
  const on = useClientStoreMap($compareIds, (ids) => ids.includes(apartmentId), false);
  return (
    <button
      type="button"
      className={`${variant === 'card' ? 'kv-react kv-react--compare' : 'kv-button'} kv-compare-toggle ${className}${on ? ' is-on' : ''}`.trim()}
      aria-pressed={on}
      onClick={() => toggle(apartmentId)}
      data-testid="compare-toggle"
      title={on ? 'Убрать из сравнения' : 'Добавить к сравнению'}
      aria-label={variant === 'card' ? 'Сравнить' : undefined}
    >
      {variant === 'card' ? (
        <>
          <span aria-hidden="true">⇄</span>
          <span className="kv-react__label"> {on ? 'В сравнении' : 'Сравнить'}</span>
        </>
      ) : on ? (
        '⇄ В сравнении'
      ) : (
        // A phone's row of three page actions has room for the short label only.
        <>
          ⇄ <span className="kv-only-wide">Добавить к сравнению</span>
          <span className="kv-only-narrow">Сравнить</span>
        </>
      )}
    </button>
  );
}
