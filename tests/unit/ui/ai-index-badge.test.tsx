import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AiIndexBadge } from '@/entities/apartment';

describe('«AI NN %» explains itself in one tap', () => {
  it('a tap opens one sentence saying what the number means; a second tap, Escape or a tap elsewhere closes it', () => {
    render(
      <div>
        <AiIndexBadge percent={41} />
        <p>снаружи</p>
      </div>,
    );
    const badge = screen.getByRole('button', { name: 'Индекс AI 41 %: что это значит' });
    expect(badge.textContent).toBe('AI 41 %');
    expect(badge.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('note')).toBeNull();

    fireEvent.click(badge);
    const note = screen.getByRole('note');
    expect(badge.getAttribute('aria-expanded')).toBe('true');
    expect(badge.getAttribute('aria-controls')).toBe(note.id);
    expect(note.textContent).toBe(
      'Индекс AI 41 % — наша оценка того, насколько эта квартира вам подойдёт; она уточняется по вашим «Нравится» и «Не нравится».',
    );

    fireEvent.click(badge);
    expect(screen.queryByRole('note')).toBeNull();

    fireEvent.click(badge);
    fireEvent.keyDown(badge, { key: 'Escape' });
    expect(screen.queryByRole('note')).toBeNull();

    fireEvent.click(badge);
    fireEvent.pointerDown(screen.getByText('снаружи'));
    expect(screen.queryByRole('note')).toBeNull();
  });
});
