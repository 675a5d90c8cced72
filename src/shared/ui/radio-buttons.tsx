import type { ReactNode } from 'react';
import { useHaptics } from './native-controls';

interface RadioButtonsProps<T extends string | number> {
  /** What the group chooses, for screen readers. */
  label: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  className: string;
  /** Each button's class; the chosen one also gets `is-on`. */
  itemClassName: string;
  children: (option: T) => ReactNode;
}

/** A row of buttons of which one is chosen (role radiogroup / radio, aria-checked). */
export function RadioButtons<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
  itemClassName,
  children,
}: RadioButtonsProps<T>) {
  const haptics = useHaptics();
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === value}
          className={`${itemClassName}${option === value ? ' is-on' : ''}`}
          onClick={() => option !== value && (haptics.selection(), onChange(option))}
        >
          {children(option)}
        </button>
      ))}
    </div>
  );
}
