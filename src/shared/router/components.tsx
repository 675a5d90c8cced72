import { useContext, useEffect, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { OutletContext, useRouter } from './context';
import { useLocation } from './hooks';
import { isExternalHref } from './path';

/** The matched page, placed by the layout. */
export function Outlet() {
  return <>{useContext(OutletContext)}</>;
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export interface LinkProps extends AnchorProps {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** A plain click on a link navigates in the app; a modified one (new tab, download) is left to the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !(target && target !== '_self') &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/** An <a> with the real href (crawlers, new tabs, no JavaScript) that navigates in the app on a plain click. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  if (isExternalHref(to)) return <a href={to} target={target} onClick={onClick} {...rest} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return <a href={router.history.href(to)} target={target} onClick={handleClick} {...rest} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
  /** Active only on this exact path, not on the paths below it. */
  end?: boolean;
  children?: ReactNode;
}

/** A link that knows it points at the current page (`aria-current="page"` and an active class). */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const path = to.split(/[?#]/)[0] || '/';
  const isActive = pathname === path || (!end && path !== '/' && pathname.startsWith(`${path}/`));
  return (
    <Link
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
      {...rest}
    />
  );
}

/** Navigates once rendered (after commit: never during server rendering). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const router = useRouter();
  useEffect(() => {
    void router.navigate(to, { replace });
  }, [router, to, replace]);
  return null;
}
