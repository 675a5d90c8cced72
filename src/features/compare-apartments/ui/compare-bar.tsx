import { useUnit } from 'effector-react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '@/shared/api';
import { comparePath } from '../lib/ids';
import { $compareIds } from '../model/compare';

/** The way to the compare page while anything is put aside for it (not on that page itself). */
export function CompareBar() {
  const ids = useUnit($compareIds);
  const { pathname } = useLocation();
  if (ids.length === 0 || pathname === ROUTES.COMPARE) return null;
  return (
    <Link className="kv-compare-bar" to={comparePath(ids)} data-testid="compare-bar">
      Сравнить квартиры · {ids.length}
    </Link>
  );
}
