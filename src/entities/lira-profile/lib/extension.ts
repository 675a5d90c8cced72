import { DEFAULT_EXTENSION_FORM, adjacentRooms, extensionPayload, isAnyDeadline } from '@kvarta/contract/lira-rules';
import type { ExtensionForm, ExtensionPayload, LiraForm } from '../model/types';
import { roomsToCounts } from './form';

export { adjacentRooms };

/** The alternatives form → the payload of spec §3, with the activity rules of spec §5. */
export function extensionToPayload(ext: ExtensionForm, form: Pick<LiraForm, 'deadlineLte' | 'realtyType'>): ExtensionPayload {
  return extensionPayload(ext, form);
}

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((x): x is number => typeof x === 'number') : []);

/** What the server keeps → the alternatives form; no settings yet means the defaults of spec §3. */
export function extensionFromServer(settings: ExtensionPayload | null | undefined): ExtensionForm {
  const d = DEFAULT_EXTENSION_FORM;
  if (!settings) return { ...d };
  const form: ExtensionForm = { ...d, useExtensions: settings.useExtensions, useExpertSelection: settings.useExpertSelection ?? false };
  for (const e of settings.extensions) {
    if (e.type === 'LOCATION')
      Object.assign(form, {
        extendLocation: e.active,
        extendAreaIdsWith: numbers(e.params.areaIds),
        extendMetroIdsWith: numbers(e.params.metroIds),
      });
    if (e.type === 'PRICE') Object.assign(form, { extendPrice: e.active, extendPriceBy: e.params.price });
    if (e.type === 'ROOMS_COUNT') Object.assign(form, { extendRoomsAmount: e.active, extendRoomsAmountWith: numbers(e.params.roomsCnt) });
    if (e.type === 'DEADLINE') form.extendDeadline = e.active;
    if (e.type === 'REALTY_TYPE') Object.assign(form, { extendRealtyType: e.active, extendRealtyTypeWith: e.params.realtyType });
  }
  return form;
}

/** Spec §4 "Preset change": empty districts and metro; rooms become the neighbours of the chosen rooms (spec §5). */
export function resetExtensionForPreset(ext: ExtensionForm, form: Pick<LiraForm, 'roomsAmount'>): ExtensionForm {
  return { ...ext, extendAreaIdsWith: [], extendMetroIdsWith: [], extendRoomsAmountWith: adjacentRooms(roomsToCounts(form.roomsAmount)) };
}

/**
 * Spec §4 "Profile update": alternatives that the main filters already cover are removed, and the
 * deadline extension is cleared when the deadline is "any" (0 or 300001: nothing to widen).
 */
export function pruneExtension(ext: ExtensionForm, form: LiraForm): ExtensionForm {
  const areas = new Set(form.areaIds);
  const metro = new Set(form.metroIds);
  const rooms = new Set(roomsToCounts(form.roomsAmount));
  return {
    ...ext,
    extendAreaIdsWith: ext.extendAreaIdsWith.filter((id) => !areas.has(id)),
    extendMetroIdsWith: ext.extendMetroIdsWith.filter((id) => !metro.has(id)),
    extendRoomsAmountWith: ext.extendRoomsAmountWith.filter((n) => !rooms.has(n)),
    extendDeadline: isAnyDeadline(form.deadlineLte) ? false : ext.extendDeadline,
  };
}

/** Whether two extension states would send the same payload. */
export function sameExtension(a: ExtensionPayload, b: ExtensionPayload): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
