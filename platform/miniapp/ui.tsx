import '@telegram-apps/telegram-ui/dist/styles.css';
import './ui.css';
import { AppRoot, Button, Cell, Checkbox, Input, List, Placeholder, Section, Switch, Tabbar } from '@telegram-apps/telegram-ui';
import { themeParams, useSignal } from '@tma.js/sdk-react';
import { useId, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { NativeCellProps, NativeCheckboxProps, NativeInputProps, NativeTab, NativeToggleProps, NativeUi } from '../index';

/** telegram-ui has two looks: iOS (Telegram for iOS and macOS) and the base one (Android, desktop, web). */
export const uiPlatformOf = (telegramPlatform: string): 'ios' | 'base' =>
  telegramPlatform === 'ios' || telegramPlatform === 'macos' ? 'ios' : 'base';

/**
 * telegram-ui's base (Android) look writes a cell's title as an `<h6>`: a row's words are no heading (a screen reader
 * would list every menu item and setting among the page's headings). Its title keeps the look and loses the role.
 */
const plainTitles = (row: HTMLElement | null) => {
  row?.querySelectorAll('h1, h2, h3, h4, h5, h6').forEach((title) => title.setAttribute('role', 'none'));
};

function cell({ children, subtitle, before, after, to, onClick, testId }: NativeCellProps) {
  // A link (Cell hands `to` and `end` on to its Component, react-router's NavLink: a real link inside the app), a
  // button, or a plain row.
  const as =
    to !== undefined ? { Component: NavLink, to, end: true } : onClick ? { Component: 'button', type: 'button' } : { Component: 'div' };
  const shared = { subtitle, before, after, 'data-testid': testId, className: 'kv-native-cell', ref: plainTitles };
  return (
    <Cell {...shared} {...(as as object)} onClick={onClick}>
      {children}
    </Cell>
  );
}

/** A row that is the label of its switch or checkbox: a tap anywhere on it toggles the control. */
function ToggleRow({ before, after, children }: { before?: ReactNode; after?: ReactNode; children: ReactNode }) {
  return (
    <Cell Component="label" multiline className="kv-native-toggle" ref={plainTitles} before={before} after={after}>
      {children}
    </Cell>
  );
}

/**
 * A setting's row: the row is the label, and its words name the switch (axe does not count a label around the
 * switch's own empty one, so the name is also given by reference; it reads the same: the label, then its hint).
 */
function NativeSwitch({ checked, onChange, label, hint, disabled, testId }: NativeToggleProps) {
  const words = useId();
  return (
    <ToggleRow
      after={
        <Switch
          className="kv-native-switch"
          checked={checked}
          disabled={disabled}
          aria-labelledby={words}
          data-testid={testId}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      }
    >
      <span id={words}>
        {label}
        {/* Inline, as on the website: the hint stays part of the switch's name. */}
        {hint && <small className="kv-native-hint"> {hint}</small>}
      </span>
    </ToggleRow>
  );
}

/** A checkbox row (the personal-data consent): Telegram's checkbox before its words, which may hold a link. */
function NativeCheckbox({ checked, onChange, label, invalid, describedBy, inputRef, testId, ...field }: NativeCheckboxProps) {
  const words = useId();
  return (
    <ToggleRow
      before={
        <Checkbox
          {...field}
          ref={inputRef}
          className="kv-native-checkbox"
          checked={checked}
          aria-labelledby={words}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      }
    >
      <span id={words}>{label}</span>
    </ToggleRow>
  );
}

function tab({ label, icon, selected, to, onClick, expanded, controls, testId }: NativeTab) {
  const shared = { text: label, selected, onClick, 'data-testid': testId, className: 'kv-native-tab' };
  // The item hands `to` and `end` on to its Component (react-router's NavLink): a real link inside the app.
  const as =
    to !== undefined ? { Component: NavLink, to, end: true } : { type: 'button', 'aria-expanded': expanded, 'aria-controls': controls };
  return (
    <Tabbar.Item key={label} {...shared} {...(as as object)}>
      {icon}
    </Tabbar.Item>
  );
}

/**
 * Telegram UI for the Mini App's own surfaces. AppRoot follows Telegram: the client's platform picks the look, the
 * SDK's theme parameters the appearance (live, through sdk-react's useSignal). Its stylesheet is scoped to its own
 * `tgui-` classes and `--tgui--` variables, so content screens around it keep their styles.
 */
export function nativeUi(telegramPlatform: string): NativeUi {
  const platform = uiPlatformOf(telegramPlatform);
  return {
    Root: function NativeRoot({ children }) {
      const dark = useSignal(themeParams.isDark);
      return (
        <AppRoot platform={platform} appearance={dark ? 'dark' : 'light'} className={`kv-native-root kv-native-root--${platform}`}>
          {children}
        </AppRoot>
      );
    },
    List: ({ children, label }) => (
      <List Component="div" aria-label={label}>
        {children}
      </List>
    ),
    Section: ({ header, footer, children }) => (
      <Section header={header} footer={footer}>
        {children}
      </Section>
    ),
    Cell: cell,
    Switch: NativeSwitch,
    Checkbox: NativeCheckbox,
    Button: ({ children, onClick, submit, mode = 'filled', disabled }) => (
      <Button mode={mode} size="l" stretched type={submit ? 'submit' : 'button'} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    ),
    Tabbar: ({ label, items }) => (
      <Tabbar {...({ Component: 'nav' } as object)} aria-label={label} className={`kv-native-tabbar kv-native-tabbar--${platform}`}>
        {items.map(tab)}
      </Tabbar>
    ),
    Input: function NativeInput({ label, onChange, status, after, describedBy, inputRef, ...field }: NativeInputProps) {
      return (
        <Input
          {...field}
          ref={inputRef}
          // The base look writes the label above the field; the iOS look has no such line, so it goes before the text.
          header={platform === 'base' ? label : undefined}
          before={platform === 'ios' ? <span className="kv-native-input-label">{label}</span> : undefined}
          after={after}
          status={status}
          className="kv-native-input"
          aria-label={label}
          aria-invalid={status === 'error' ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    },
    Placeholder: ({ header, description, action, children }) => (
      <Placeholder className="kv-native-placeholder" header={header} description={description} action={action}>
        {children}
      </Placeholder>
    ),
  };
}
