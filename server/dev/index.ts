// Development tools: the offline Telegram (its bot, its pages), CloudPayments' stand-in and the /dev/ routes.
// Production modules never import this folder; the composition (app.ts) loads it only outside production, and the
// stand-ins only where Telegram runs offline.
import { STAND_IN_PAGE } from './telegram/stand-in-page';
import { STAND_IN_INVOICE_SCRIPT } from './telegram/stand-in-invoice-page';

export { OfflineBot } from './telegram/offline-bot';
export { devToolsPlugin } from './plugin';
export { cardStandIn } from './cloudpayments/fake';

/** The developer pages' inline scripts, allowed by hash in their content policy (server/http/security-headers.ts). */
export const DEV_PAGES = { page: STAND_IN_PAGE, payment: `<script>${STAND_IN_INVOICE_SCRIPT}</script>` };
