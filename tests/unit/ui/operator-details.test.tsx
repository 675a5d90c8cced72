import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentOperatorNote, SiteFooter } from '@/entities/operator';
import type { OperatorInfo } from '@/shared/api';
import { renderWithApp } from '../support/render';

const NONE: OperatorInfo = { legalName: null, inn: null, ogrn: null, address: null, supportPhone: null, supportEmail: null, figures: [] };
const OPERATOR: OperatorInfo = {
  ...NONE,
  legalName: 'ООО «Кварта»',
  inn: '7712345678',
  ogrn: '1187746123450',
  address: '190000, г. Санкт-Петербург, ул. Тестовая, д. 5',
  supportEmail: 'pay@kvarta.test',
};

describe('who takes the money: the footer and the line beside «Оплатить»', () => {
  it('name the operator, its ИНН, ОГРН and support where one is configured', () => {
    renderWithApp(
      <>
        <SiteFooter />
        <PaymentOperatorNote />
      </>,
      { queryData: [[['operator'], OPERATOR]], route: '/' },
    );
    expect(screen.getByText('Сервис «Кварта» предоставляет ООО «Кварта», ИНН 7712345678, ОГРН 1187746123450')).toBeTruthy();
    expect(screen.getByText('Исполнитель: ООО «Кварта», ИНН 7712345678, ОГРН 1187746123450.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'pay@kvarta.test' })).toHaveLength(2);
    expect(screen.queryByTestId('no-operator')).toBeNull();
    expect(screen.getByRole('link', { name: 'Правила применения рекомендательных технологий' }).getAttribute('href')).toBe(
      '/recommendation-rules',
    );
  });

  it('say plainly that a stand without an operator is a demonstration, in the footer and beside «Оплатить»', () => {
    renderWithApp(
      <>
        <SiteFooter />
        <PaymentOperatorNote />
      </>,
      { queryData: [[['operator'], NONE]], route: '/' },
    );
    const lines = screen.getAllByTestId('no-operator');
    expect(lines).toHaveLength(2);
    for (const line of lines)
      expect(line.textContent).toBe('Демонстрационный стенд: оператор сервиса не назван, оплата здесь тестовая — деньги не списываются.');
    expect(screen.queryByText(/Исполнитель:/)).toBeNull();
  });
});
