import { useUnit } from 'effector-react';
import { ApartmentModal } from '@/entities/apartment';
import { AuthModal } from '@/features/auth-modal';
import { CityPickerModal } from '@/features/city-pick';
import { $modal } from '@/shared/model';

/** One modal at a time; the auth and city modals are available on every route (spec §2). */
export function ModalHost() {
  const modal = useUnit($modal);
  if (modal?.id === 'city') return <CityPickerModal />;
  if (modal?.id === 'auth') return <AuthModal />;
  if (modal?.id === 'apartment') return <ApartmentModal />;
  return null;
}
