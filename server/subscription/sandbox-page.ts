import { isSameOriginPath } from '@kvarta/contract/subscription';
import type { PaymentRow } from './payments';
import { rub } from '../lib/format';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page's only script. It is the same text for every payment (the id and the way back come from data
 * attributes), so its sha256 is fixed and the Content-Security-Policy allows exactly it (server/http/security-headers.ts).
 */
export const SANDBOX_PAGE_SCRIPT = `
  const main = document.querySelector('main');
  const id = main.dataset.paymentId;
  const back = main.dataset.back;
  const status = document.getElementById('status');
  // The payer's secret travels in the link's fragment (never sent with the page request).
  const key = new URLSearchParams(location.hash.slice(1)).get('key') || '';
  for (const button of document.querySelectorAll('button[data-decision]')) {
    button.addEventListener('click', async () => {
      document.querySelectorAll('button').forEach((b) => (b.disabled = true));
      status.textContent = 'Проверяем оплату…';
      const res = await fetch('/dev/payments/' + encodeURIComponent(id) + '/' + button.dataset.decision, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
      });
      const body = await res.json().catch(() => ({}));
      if (res.status === 400 || res.status === 403) {
        // Not the payer's link (no or a wrong secret): nothing changed, so do not report an outcome.
        status.textContent = 'Не удалось подтвердить платёж: откройте ссылку на оплату из «Кварты» ещё раз';
        return;
      }
      const result = body.result === 'ok' ? body.data.status : 'FAILED';
      status.textContent = result === 'SUCCEEDED' ? 'Оплата прошла' : 'Оплата отклонена';
      const url = new URL(back, location.origin);
      url.searchParams.set('payment', id);
      url.searchParams.set('paymentStatus', result);
      setTimeout(() => location.assign(url.pathname + url.search), 800);
    });
  }
`;

/**
 * The sandbox payment page: the provider's form without a provider. «Оплатить» and «Отклонить» tell
 * the server the outcome (as a provider's webhook would); then the page returns to the site.
 */
export function sandboxPaymentPage(p: PaymentRow): string {
  // Checked again: a row stored before the schema was strict must not send the browser elsewhere.
  const back = p.returnPath && isSameOriginPath(p.returnPath) ? p.returnPath : '/agent';
  const done = p.status !== 'PENDING';
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Оплата (тестовая) · Кварта</title>
<style>
  body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;background:#f4f5f7;color:#1c1c1e}
  main{max-width:420px;margin:40px auto;padding:24px;background:#fff;border-radius:16px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
  h1{font-size:20px;margin:0 0 8px} .hint{color:#6b7280;font-size:14px} .sum{font-size:28px;font-weight:700;margin:16px 0}
  .row{display:flex;gap:12px;margin-top:20px} button{flex:1;padding:12px;border:0;border-radius:10px;font:inherit;font-weight:600;cursor:pointer}
  .pay{background:#2563eb;color:#fff} .decline{background:#e5e7eb;color:#111}
</style></head>
<body><main data-payment-id="${escape(p.id)}" data-back="${escape(back)}">
  <h1>Тестовая оплата</h1>
  <p class="hint">Песочница платёжного провайдера: деньги не списываются. Подписка включится, только когда сервер подтвердит оплату.</p>
  <p>ИИ Поиск «Кварты» на ${p.days} дн.</p>
  <p class="sum">${rub(p.amount)}</p>
  <p id="status" role="status">${done ? (p.status === 'SUCCEEDED' ? 'Оплата прошла' : 'Оплата отклонена') : ''}</p>
  <div class="row"${done ? ' hidden' : ''}>
    <button class="pay" type="button" data-decision="approve">Оплатить</button>
    <button class="decline" type="button" data-decision="decline">Отклонить</button>
  </div>
  <p><a id="back" href="${escape(back)}">Вернуться в «Кварту»</a></p>
</main>
<script>${SANDBOX_PAGE_SCRIPT}</script>
</body></html>`;
}
