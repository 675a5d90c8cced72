export { ComplexPage } from './ui/complex-page';
export type { ComplexRouteData } from './lib/route-data';
