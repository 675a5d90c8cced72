import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cityListQuery } from '@/entities/city';
import { complexPath } from '@/shared/api';
import './complex-link.css';

/**
 * A link to a complex's page from wherever a listing shows: the city's link comes from the city list (kept
 * forever, on the server rendered with the page), so nothing is drawn until it is known, on either side alike.
 */
export function ComplexLink({
  complexId,
  cityId,
  children,
  className,
  onClick,
  plainWithoutLink = false,
  tabIndex,
}: {
  complexId: number;
  cityId: number;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
  /** Until the city's link is known, show the text itself (otherwise nothing). */
  plainWithoutLink?: boolean;
  /** -1 where the same page is reached from the same place by keyboard another way (a feed card's dialog links it). */
  tabIndex?: number;
}) {
  const cities = useQuery(cityListQuery());
  const link = cities.data?.find((c) => c.kladr === cityId || c.cityIds.includes(cityId))?.link;
  if (!link) return plainWithoutLink ? <>{children}</> : null;
  return (
    <Link className={className} to={complexPath(link, complexId)} onClick={onClick} tabIndex={tabIndex} data-testid="complex-link">
      {children}
    </Link>
  );
}
