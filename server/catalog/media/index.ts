export { layoutSvg } from './layout-svg';
export { buildingSvg } from './building-svg';
export { floorPlan, planFamilies } from './floor-plan';
export { themeSchema } from './theme';
export { apartmentPlan, complexDrawing } from './drawings';
