import { useLayoutEffect, useReducer, useRef, type InputHTMLAttributes } from 'react';
import { moneyText, parseMoney, regroupMoney } from '../lib/money';

type Passed = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'>;

/**
 * A sum of money typed with its thousands grouped as the user types ('9 900 000'); the caret stays after the digit it
 * followed; the parent gets a number (null when empty).
 */
export function MoneyInput({
  value,
  onChange,
  className = 'kv-input',
  ...rest
}: Passed & { value: number | null; onChange: (value: number | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  // A keystroke that leaves the number as it was (a letter, a separator deleted) still redraws, so the caret is put back.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const text = moneyText(value);
  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || !element || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });
  return (
    <input
      {...rest}
      ref={input}
      className={className}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = regroupMoney(event.target.value, event.target.selectionStart ?? event.target.value.length);
        caret.current = next.caret;
        redraw();
        onChange(parseMoney(next.text));
      }}
    />
  );
}
