import type { Personalisation } from '@kvarta/contract/cabinet';
import { isPersonalised, setPersonalised } from '../auth/users';
import type { Queryable } from '../core/database';
import { userSelectionChanged } from './selection-cache';

/**
 * «Персональные рекомендации» (149-FZ art. 10.2-2). `userId` null: a session that has not written yet, so has nothing
 * personal to recommend from — on, as every new visitor starts.
 */
export async function personalisationOf(db: Queryable, userId: number | null): Promise<Personalisation> {
  return { personalised: userId === null ? true : await isPersonalised(db, userId) };
}

/**
 * Turns them on or off. The user's cached selection and ranked pages go at once, so the next TOP page is ranked with
 * (or without) what they rated; the ratings themselves are never touched.
 */
export async function setPersonalisation(db: Queryable, userId: number, personalised: boolean): Promise<Personalisation> {
  await setPersonalised(db, userId, personalised);
  userSelectionChanged(db, userId);
  return { personalised };
}
