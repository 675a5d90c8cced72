import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AiIndexBadge, indexReasonsText } from '@/entities/apartment';

describe('«AI NN %» explains itself in one tap', () => {
  it('a tap opens one sentence saying what the number means; a second tap, Escape or a tap elsewhere closes it', () => {
    render(
      <MemoryRouter>
        <AiIndexBadge percent={41} />
        <p>снаружи</p>
      </MemoryRouter>,
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
      'Индекс AI 41 % — наша оценка того, насколько эта квартира вам подойдёт; она уточняется по вашим «Нравится» и «Не нравится». ' +
        'Правила применения рекомендательных технологий',
    );
    // 149-FZ art. 10.2-2: the note leads to the published rules.
    expect(screen.getByRole('link', { name: 'Правила применения рекомендательных технологий' }).getAttribute('href')).toBe(
      '/recommendation-rules',
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

  it('says in words what raised the index and what lowered it', () => {
    const reasons = [
      { title: 'Метро рядом', percent: 90 },
      { title: 'Цена ниже рынка', percent: 50 },
      { title: 'Большая кухня', percent: 20 },
      { title: 'Вы чаще отмечаете квартиры дешевле 12 млн ₽', percent: 75 },
    ];
    expect(indexReasonsText(reasons)).toBe('Повышает: метро рядом; вы чаще отмечаете квартиры дешевле 12 млн ₽. Понижает: большая кухня.');
    expect(indexReasonsText([{ title: 'Метро рядом', percent: 50 }])).toBe('');
    render(
      <MemoryRouter>
        <AiIndexBadge percent={62} reasons={reasons} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Индекс AI 62 %: что это значит' }));
    expect(screen.getByRole('note').textContent).toContain('Повышает: метро рядом; вы чаще отмечаете');
    expect(screen.getByRole('note').textContent).toContain('Понижает: большая кухня.');
  });
});
