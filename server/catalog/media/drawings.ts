import type { Apartment, Complex } from '../../core/model';
import type { BuildingDrawing } from './building-svg';
import type { LayoutDrawing } from './layout-svg';
import type { MediaTheme } from './theme';

/** An apartment's plan, drawn from its own areas and seeded by its id (neighbours get different families). */
export const apartmentPlan = (
  a: Pick<Apartment, 'id' | 'roomsCnt' | 'areaTotal' | 'areaKitchen' | 'areaResidential'>,
  theme: MediaTheme = 'light',
): LayoutDrawing => ({
  rooms: a.roomsCnt,
  areaTotal: a.areaTotal,
  areaKitchen: a.areaKitchen,
  livingSpace: a.areaResidential,
  seed: a.id,
  theme,
});

/** A complex's illustration: its class and house type decide the look (an unknown type draws as monolith: a picture, not a stated fact), `variant` the view. */
export const complexDrawing = (
  c: Pick<Complex, 'id' | 'floorsMax' | 'complexClass' | 'houseType'>,
  variant: number,
  theme: MediaTheme = 'light',
): BuildingDrawing => ({
  complexId: c.id,
  variant,
  floors: c.floorsMax,
  complexClass: c.complexClass,
  houseType: c.houseType ?? 'MONOLITH',
  theme,
});
