import { lazyComponent } from '@/shared/ui';

// «Ваши данные» arrives when it is first opened: nothing on the first screen needs it.
export const AccountDataModal = lazyComponent(() => import('./ui/account-data-modal'), 'AccountDataModal');
