export { layoutSvg } from './layout-svg';
export { buildingSvg } from './building-svg';
