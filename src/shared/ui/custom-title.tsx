import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { $customTitle, customTitleSet } from '@/shared/model';

/**
 * Sets the browser title of a page whose title depends on its data, and again whenever the layout has cleared it (it
 * does on navigation). A leaf of its own: the store changes right after hydration, and whoever reads it re-renders at
 * once (a store read during hydration is re-checked synchronously) — here that is this empty component, not the page.
 */
export function CustomTitle({ title }: { title: string | null }) {
  const [customTitle, setTitle] = useUnit([$customTitle, customTitleSet]);
  useEffect(() => {
    if (title && customTitle?.title !== title) setTitle({ title });
  }, [title, customTitle, setTitle]);
  return null;
}
