export { MortgageCalculator } from './ui/calculator';
