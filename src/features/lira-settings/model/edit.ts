import { createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import {
  $extension,
  $liraForm,
  $liraStatus,
  $savedExtension,
  extensionToPayload,
  formFromPreset,
  formToPayload,
  liraReset,
  pruneExtension,
  resetExtensionForPreset,
  sameExtension,
  saveExtensionFx,
  updateProfileFx,
  variantsReloadRequired,
  type ExtensionForm,
  type ExtensionPayload,
  type LiraForm,
} from '@/entities/lira-profile';
import { errorMessage, type Preset } from '@/shared/api';
import { $drawer, drawerClosed, failureToasts, notificationShown } from '@/shared/model';

export const presetChosen = createEvent<{ preset: Preset; hasMetro: boolean }>();
export const profileUpdateSubmitted = createEvent<LiraForm>();
export const extensionSubmitted = createEvent<ExtensionForm>();

interface Edited {
  form: LiraForm;
  ext: ExtensionForm;
}

// ---- preset change (spec §4): only for a created and paid profile ----
type PresetChoice = { preset: Preset; hasMetro: boolean };
interface PresetChange extends Edited {
  choice: PresetChoice;
}
/** Saves the profile, then resets the alternatives: no extra districts or metro, adjacent rooms. */
export const presetChangeFx = createEffect(async ({ form, ext, choice }: PresetChange): Promise<PresetChange> => {
  await updateProfileFx(formToPayload(form));
  const reset = resetExtensionForPreset(ext, form);
  await saveExtensionFx(extensionToPayload(reset, form));
  return { form, ext: reset, choice };
});
sample({
  clock: presetChosen,
  source: { status: $liraStatus, form: $liraForm, ext: $extension },
  filter: ({ status }) => status !== 'NOT_CREATED' && status !== 'NOT_PAID',
  fn: ({ form, ext }, choice) => ({ form: formFromPreset(choice.preset, choice.hasMetro, form), ext, choice }),
  target: presetChangeFx,
});
/** The preset last saved here: its chip stays marked while another is on its way and after that one fails. */
export const $appliedPresetId = createStore<number | null>(null)
  .on(presetChangeFx.doneData, (_, { choice }) => choice.preset.template.id)
  .reset(liraReset);
// A pick that failed (offline) says so with «Повторить», which picks the same preset again in this scope.
const presetFailureToastFx = createEffect(({ error, params }: { error: unknown; params: PresetChange }) => {
  const again = scopeBind(presetChosen, { safe: true });
  return { text: `Не удалось выбрать подборку: ${errorMessage(error)}`, retry: () => again(params.choice) };
});
sample({ clock: presetChangeFx.fail, target: presetFailureToastFx });
sample({ clock: presetFailureToastFx.doneData, target: notificationShown });

// ---- profile update (spec §4): prune overlapping alternatives, save them only if they differ ----
export const profileUpdateFx = createEffect(async ({ form, ext, saved }: Edited & { saved: ExtensionPayload | null }): Promise<Edited> => {
  await updateProfileFx(formToPayload(form));
  const pruned = pruneExtension(ext, form);
  const payload = extensionToPayload(pruned, form);
  if (!saved || !sameExtension(payload, saved)) await saveExtensionFx(payload);
  return { form, ext: pruned };
});
sample({
  clock: profileUpdateSubmitted,
  source: { ext: $extension, saved: $savedExtension },
  fn: ({ ext, saved }, form) => ({ form, ext, saved }),
  target: profileUpdateFx,
});

// ---- alternatives (LIRA_ALTERNATIVE) ----
export const extensionSaveFx = createEffect(async ({ form, ext }: Edited): Promise<Edited> => {
  await saveExtensionFx(extensionToPayload(ext, form));
  return { form, ext };
});
sample({ clock: extensionSubmitted, source: $liraForm, fn: (form, ext) => ({ form, ext }), target: extensionSaveFx });

const edited = sample({ clock: [presetChangeFx.doneData, profileUpdateFx.doneData, extensionSaveFx.doneData] });
/** Counts the user's own successful saves: a settings form in edit takes the stored values again only after one. */
export const $settingsSaveCount = createStore(0, { serialize: 'ignore' }).on(edited, (n) => n + 1);
sample({ clock: edited, fn: ({ form }) => form, target: $liraForm });
sample({ clock: edited, fn: ({ ext }) => ext, target: $extension });
sample({ clock: edited, target: variantsReloadRequired });

// A saved settings form closes the chat.
sample({
  clock: [profileUpdateFx.done, extensionSaveFx.done],
  source: $drawer,
  filter: (drawer) => drawer.isOpen && (drawer.view === 'LIRA_MAIN' || drawer.view === 'LIRA_ALTERNATIVE'),
  target: drawerClosed,
});

failureToasts(profileUpdateFx.failData, 'Не удалось сохранить настройки');
failureToasts(extensionSaveFx.failData, 'Не удалось сохранить настройки альтернатив');
