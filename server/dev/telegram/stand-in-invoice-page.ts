/** The script of the stand-in's invoice page (allowed by its hash in the page's Content-Security-Policy). */
export const STAND_IN_INVOICE_SCRIPT = `
  const slug = location.pathname.split('/').pop();
  const params = new URLSearchParams(location.hash.slice(1));
  const userId = Number(params.get('user'));
  const back = params.get('return');
  const safeBack = back && /^\\/(?![\\/\\\\])/.test(back) ? back : null;
  const status = document.getElementById('status');
  const pay = document.getElementById('pay');
  const leave = (outcome) => {
    if (!safeBack) return;
    const url = new URL(safeBack, location.origin);
    url.searchParams.set('invoice', outcome);
    location.replace(url.pathname + url.search);
  };
  fetch('/dev/telegram/invoice/' + encodeURIComponent(slug) + '/data').then((r) => r.json()).then((answer) => {
    if (answer.result !== 'ok') { status.textContent = answer.message || 'Счёт не найден'; return; }
    const inv = answer.data;
    document.getElementById('title').textContent = inv.title;
    document.getElementById('description').textContent = inv.description;
    document.getElementById('terms').textContent = inv.subscriptionPeriod
      ? 'Подписка: ' + inv.amount + ' ⭐ каждые 30 дней, отменяется в любой момент'
      : 'Разовый платёж';
    pay.textContent = 'Оплатить ⭐ ' + inv.amount;
    pay.disabled = !userId;
    if (!userId) status.textContent = 'Откройте счёт из Mini App: неизвестно, кто платит';
  });
  pay.addEventListener('click', async () => {
    pay.disabled = true;
    status.textContent = '';
    const r = await fetch('/dev/telegram/invoice/' + encodeURIComponent(slug) + '/pay', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: { id: userId, first_name: 'Тестовый пользователь' } }),
    });
    const answer = await r.json();
    if (answer.result === 'ok' && answer.data.status === 'paid') { status.textContent = 'Оплачено'; leave('paid'); return; }
    status.textContent = (answer.data && answer.data.message) || answer.message || 'Оплата не прошла';
    pay.disabled = false;
  });
  document.getElementById('cancel').addEventListener('click', () => leave('cancelled'));
`;

/** Telegram's invoice sheet, as the offline stand-in shows it: «Оплатить ⭐» sends pre_checkout_query, then successful_payment. */
export const STAND_IN_INVOICE_PAGE = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Счёт в Telegram Stars (офлайн) · Кварта</title>
<meta name="referrer" content="no-referrer">
<style>
  body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;background:#0e1621;color:#f5f5f5}
  main{max-width:420px;margin:0 auto;padding:24px 20px;display:grid;gap:10px}
  h1{font-size:20px;margin:0} p{margin:0} .hint{color:#8b9bab;font-size:14px}
  button{padding:12px;border:0;border-radius:10px;background:#5288c1;color:#fff;font:inherit;font-weight:600;cursor:pointer}
  button:disabled{opacity:.6;cursor:default} #cancel{background:none;color:#8b9bab;font-weight:400}
  #status{min-height:1.5em;color:#ec3942}
</style></head>
<body><main>
  <p class="hint">Telegram (офлайн) · оплата звёздами без настоящих звёзд</p>
  <h1 id="title">Счёт</h1>
  <p id="description"></p>
  <p id="terms" class="hint"></p>
  <button id="pay" type="button" disabled>Оплатить ⭐</button>
  <button id="cancel" type="button">Отмена</button>
  <p id="status" role="status" aria-live="polite"></p>
</main><script>${STAND_IN_INVOICE_SCRIPT}</script></body></html>`;
