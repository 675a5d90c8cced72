// The demo catalogue source: the generated listings, their make-believe market and the demo promocodes.
// Production modules never import this folder; the composition (bootstrap.ts, app.ts) loads it only when
// CATALOGUE includes demo (or, for the promocodes, outside production).
export { ensureDemoCatalogue } from './catalogue';
export { seedDemoPromocodes } from './promocodes';
export { defineMarketJob } from './market-job';
