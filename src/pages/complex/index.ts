export { ComplexPage } from './ui/complex-page';
