export { layoutSvg } from './layout-svg';
export { buildingSvg } from './building-svg';
export { floorPlan, planFamilies, type FloorPlan, type PlanRoom } from './floor-plan';
export { themeSchema, type MediaTheme } from './theme';
export { apartmentPlan, complexDrawing } from './drawings';
