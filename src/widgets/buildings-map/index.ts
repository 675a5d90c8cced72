export { BuildingsMap } from './ui/buildings-map';
