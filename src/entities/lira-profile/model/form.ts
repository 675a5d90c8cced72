import { createEffect, createStore, sample } from 'effector';
import { DEFAULT_EXTENSION_FORM } from '@kvarta/contract/lira-rules';
import { saveLiraExtension, updateLiraProfile } from '../api/requests';
import { extensionFromServer } from '../lib/extension';
import { emptyForm, formFromPreset, payloadToForm } from '../lib/form';
import { $liraProfile, liraLoaded, liraReset } from './load';
import type { ExtensionForm, ExtensionPayload, LiraForm, LiraProfile, LiraProfilePayload } from './types';

/** The profile as the settings forms edit it: filters, portrait and wishes. */
export const $liraForm = createStore<LiraForm>(emptyForm([]));
/** The alternatives (LIRA_ALTERNATIVE) as the form edits them. */
export const $extension = createStore<ExtensionForm>({ ...DEFAULT_EXTENSION_FORM });
/** The extension payload the server holds, to save only what differs. */
export const $savedExtension = createStore<ExtensionPayload | null>(null);
for (const $store of [$liraForm, $extension, $savedExtension] as const) $store.reset(liraReset);

export const updateProfileFx = createEffect((payload: LiraProfilePayload): Promise<LiraProfile> => updateLiraProfile(payload));
export const saveExtensionFx = createEffect(
  async (payload: ExtensionPayload): Promise<ExtensionPayload> => (await saveLiraExtension(payload), payload),
);
$savedExtension.on(saveExtensionFx.doneData, (_, payload) => payload);
$liraProfile.on(updateProfileFx.doneData, (_, profile) => profile);

// Only a full load sets the forms: a status refresh must not replace what the settings show.
sample({
  clock: liraLoaded,
  fn: ({ profile, preset, cityKladr, hasMetro }) =>
    profile ? payloadToForm(profile) : preset ? formFromPreset(preset, hasMetro) : emptyForm([cityKladr]),
  target: $liraForm,
});
sample({ clock: liraLoaded, fn: ({ profile }) => extensionFromServer(profile?.settings), target: $extension });
sample({ clock: liraLoaded, fn: ({ profile }) => profile?.settings ?? null, target: $savedExtension });
