import { useNativeUi } from '@/shared/ui';

interface LiraCheckProps {
  label: string;
  /** Smaller words after the label (why it is off, what it does); part of the control's name. */
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One on/off setting of the AI search's forms: the website's checkbox, or inside Telegram its own switch row (after
 * hydration; the same label, hint and behaviour, so the same name for a screen reader and the keyboard).
 */
export function LiraCheck({ label, hint, checked, disabled = false, onChange }: LiraCheckProps) {
  const ui = useNativeUi();
  if (ui)
    return (
      <ui.Root>
        <ui.Switch label={label} hint={hint} checked={checked} disabled={disabled} onChange={onChange} />
      </ui.Root>
    );
  return (
    <label className="kv-lira-check">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <small className="kv-muted"> {hint}</small>}
      </span>
    </label>
  );
}
