import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openLiraSettings } from '../support/lira-settings';
import { createMockPlatform } from '../../../platform/mock';
import { nativeUi } from '../../../platform/miniapp/ui';

describe('AI search settings inside Telegram (Telegram UI through the seam)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the mortgage’s settings are switch rows with the website’s names, and save what the buyer turns', async () => {
    const saved = await openLiraSettings({ ...createMockPlatform({ kind: 'miniapp' }), ui: nativeUi('android') });

    const children = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Есть дети' });
    const it = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Работаю в IT-компании' });
    // Telegram UI's switch, not the website's checkbox; the row's words are no heading.
    expect(children.closest('.kv-native-switch')).not.toBeNull();
    expect(document.querySelector('.kv-lira-check')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Есть дети' })).toBeNull();

    const user = userEvent.setup();
    await user.click(children);
    expect(children.checked).toBe(true);
    it.focus();
    await user.keyboard(' ');
    expect(it.checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.mortgageInfo?.loanerInfo).toMatchObject({ hasChildren: true, worksInIT: true });
  });
});
