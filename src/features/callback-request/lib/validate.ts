import { isCompleteRussianPhone } from './phone-mask';

export type CallbackField = 'name' | 'phone' | 'agreed';
export type CallbackFieldErrors = Partial<Record<CallbackField, string>>;

/** Checked before anything is sent: the same rules the server applies, said next to the field they are about. */
export function validateCallbackForm(form: { name: string; phone: string; agreed: boolean }): CallbackFieldErrors {
  const errors: CallbackFieldErrors = {};
  if (!form.name.trim()) errors.name = 'Укажите имя';
  if (!form.phone.trim()) errors.phone = 'Укажите телефон';
  else if (!isCompleteRussianPhone(form.phone)) errors.phone = 'Введите номер полностью: +7 (XXX) XXX-XX-XX';
  if (!form.agreed) errors.agreed = 'Нужно согласие на обработку персональных данных';
  return errors;
}
