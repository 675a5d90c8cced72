export { startTelemetry } from './start';
