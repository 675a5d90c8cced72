import { describe, expect, it } from 'vitest';
import { formatRussianPhone, isCompleteRussianPhone } from '@/features/callback-request/lib/phone-mask';
import { validateCallbackForm } from '@/features/callback-request/model/callback';

describe('the call-back phone mask', () => {
  it.each([
    ['89123456789', '+7 (912) 345-67-89'],
    ['79123456789', '+7 (912) 345-67-89'],
    ['+79123456789', '+7 (912) 345-67-89'],
    ['9123456789', '+7 (912) 345-67-89'],
    ['8 (912) 345-67-89', '+7 (912) 345-67-89'],
    ['+7 912 345 67 89', '+7 (912) 345-67-89'],
    ['+7 (912) 345-67-89 доб. 12', '+7 (912) 345-67-89'],
  ])('a pasted %s reads %s', (input, shown) => {
    expect(formatRussianPhone(input)).toBe(shown);
    expect(isCompleteRussianPhone(input)).toBe(true);
  });

  it('grows as the number is typed, key by key, from 8, 7 or +7', () => {
    for (const start of ['8', '7', '+7']) {
      let shown = '';
      for (const key of [...start, ...'9123456789']) shown = formatRussianPhone(shown + key);
      expect(shown).toBe('+7 (912) 345-67-89');
    }
    expect(formatRussianPhone('8')).toBe('+7');
    expect(formatRussianPhone('+7 (91')).toBe('+7 (91');
    expect(formatRussianPhone('+7 (912) 3')).toBe('+7 (912) 3');
    expect(formatRussianPhone('+7 (912) 345-6')).toBe('+7 (912) 345-6');
  });

  it('can be erased to nothing', () => {
    expect(formatRussianPhone('+7 (')).toBe('');
    expect(formatRussianPhone('+')).toBe('+');
    expect(formatRussianPhone('')).toBe('');
    expect(formatRussianPhone('абв')).toBe('');
  });

  it('is incomplete below ten digits', () => {
    expect(isCompleteRussianPhone('+7 (912) 345-67')).toBe(false);
    expect(isCompleteRussianPhone('')).toBe(false);
  });
});

describe('the call-back form check: the contract’s schema, the one the server parses with', () => {
  it('names each wrong field in Russian', () => {
    expect(validateCallbackForm({ name: ' ', phone: '', agreed: false })).toEqual({
      name: 'Укажите имя',
      phone: 'Укажите телефон',
      agreed: 'Нужно согласие на обработку персональных данных',
    });
    expect(validateCallbackForm({ name: 'Иван', phone: '+7 (912) 34', agreed: true })).toEqual({
      phone: 'Введите российский номер телефона: +7 XXX XXX-XX-XX или 8 XXX XXX-XX-XX',
    });
    expect(validateCallbackForm({ name: 'Иван', phone: '+7 (912) 345-67-89', agreed: true })).toEqual({});
  });
});
