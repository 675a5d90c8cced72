import { addToMergePlan, MERGE_PLAN } from './auth/merge';
import { CALLBACK_MERGE } from './callback/schema';
import { CONSENT_MERGE } from './consent';
import { FAVOURITES_MERGE } from './favourites/repository';
import { LIRA_MERGE } from './lira/schema';
import { mergeTopProfile } from './selection/repository/profiles';
import { mergeReactions } from './selection/repository/reactions';
import { SUBSCRIPTION_MERGE } from './subscription/schema';

// Every module's tables that name a user, in the order the sign-in merges them: reactions (and so the taste learned
// from them) and the TOP profile first, then favourites; the rest say why their rows stay.
addToMergePlan([
  mergeReactions,
  mergeTopProfile,
  ...FAVOURITES_MERGE,
  ...LIRA_MERGE,
  ...SUBSCRIPTION_MERGE,
  ...CALLBACK_MERGE,
  ...CONSENT_MERGE,
]);

export { MERGE_PLAN };
