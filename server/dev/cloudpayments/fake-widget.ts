/**
 * The stand-in's CloudPayments widget: `new cp.CloudPayments().pay('charge', options, {onSuccess, onFail,
 * onComplete})` as the real bundle offers it (also answering a promise), with a small card form. Its «Оплатить»
 * asks /dev/cloudpayments/charge, which sends our server the provider's signed notifications. Text is set with
 * textContent only: nothing from the options is parsed as HTML.
 */
export const FAKE_WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }
  function field(label, value, name) {
    var wrap = el('label', { style: 'display:grid;gap:4px;font-size:13px;color:#555' }, label);
    var input = el('input', { name: name, value: value, inputmode: 'numeric', autocomplete: 'off',
      style: 'font:inherit;font-size:16px;padding:10px 12px;border:1px solid #ccc;border-radius:10px;color:#111;width:100%;min-width:0;box-sizing:border-box' });
    wrap.appendChild(input);
    return { wrap: wrap, input: input };
  }
  function CloudPayments() {}
  CloudPayments.prototype.pay = function (type, options, callbacks) {
    callbacks = callbacks || {};
    return new Promise(function (resolve) {
      var overlay = el('div', { 'data-testid': 'fake-cloudpayments', style: 'position:fixed;inset:0;z-index:2147483000;background:rgba(0,0,0,.45);display:grid;place-items:center;padding:16px;box-sizing:border-box' });
      var box = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Оплата картой', style: 'background:#fff;color:#111;border-radius:16px;padding:20px;width:min(360px,100%);min-width:0;box-sizing:border-box;display:grid;gap:12px;font:15px/1.4 system-ui,sans-serif;box-shadow:0 10px 40px rgba(0,0,0,.3)' });
      box.appendChild(el('strong', { style: 'font-size:17px' }, 'CloudPayments · тестовый режим'));
      box.appendChild(el('div', {}, options.description));
      var amount = new Intl.NumberFormat('ru-RU').format(options.amount) + ' ₽';
      box.appendChild(el('div', { style: 'font-size:22px;font-weight:700' }, amount));
      var card = field('Номер карты', '4242 4242 4242 4242', 'cardNumber');
      box.appendChild(card.wrap);
      var row = el('div', { style: 'display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:8px' });
      row.appendChild(field('Срок', '12/30', 'exp').wrap);
      row.appendChild(field('CVC', '123', 'cvc').wrap);
      box.appendChild(row);
      box.appendChild(el('small', { style: 'color:#777' }, 'Деньги не списываются. Карта 4000 0000 0000 0002 — отказ банка.'));
      if (options.data && options.data.CloudPayments && options.data.CloudPayments.recurrent) {
        var r = options.data.CloudPayments.recurrent;
        box.appendChild(el('small', { style: 'color:#555' }, 'Автоплатёж: ' + new Intl.NumberFormat('ru-RU').format(r.amount) + ' ₽ каждые ' + r.period + ' дн., отключается в любой момент'));
      }
      var status = el('div', { role: 'status', 'aria-live': 'polite', style: 'min-height:1.4em;color:#b00020' });
      box.appendChild(status);
      var pay = el('button', { type: 'button', style: 'font:inherit;font-weight:600;padding:12px;border:0;border-radius:12px;background:#1a73e8;color:#fff;cursor:pointer' }, 'Оплатить ' + amount);
      var cancel = el('button', { type: 'button', style: 'font:inherit;padding:10px;border:0;background:none;color:#555;cursor:pointer' }, 'Отмена');
      box.appendChild(pay);
      box.appendChild(cancel);
      overlay.appendChild(box);
      document.body.appendChild(overlay);
      card.input.focus();
      function finish(success, reason) {
        overlay.remove();
        document.removeEventListener('keydown', onKey);
        if (success) { if (callbacks.onSuccess) callbacks.onSuccess(options); }
        else if (callbacks.onFail) callbacks.onFail(reason, options);
        if (callbacks.onComplete) callbacks.onComplete({ success: success, message: reason }, options);
        resolve({ type: success ? 'payment' : 'cancel', status: success ? 'success' : 'fail', data: options });
      }
      function onKey(event) { if (event.key === 'Escape') finish(false, 'User has cancelled'); }
      document.addEventListener('keydown', onKey);
      cancel.addEventListener('click', function () { finish(false, 'User has cancelled'); });
      pay.addEventListener('click', function () {
        pay.disabled = true;
        status.textContent = '';
        pay.textContent = 'Оплачиваем…';
        fetch('/dev/cloudpayments/charge', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ options: options, cardNumber: card.input.value }),
        })
          .then(function (r) { return r.json(); })
          .then(function (answer) {
            var data = answer && answer.data;
            if (data && data.success) return finish(true, null);
            // A declined invoice is settled (Fail was sent): the shop starts a new payment for another try.
            finish(false, (data && data.reason) || (answer && answer.message) || 'Платёж не прошёл');
          })
          .catch(function () {
            status.textContent = 'Нет связи с платёжным сервисом';
            pay.disabled = false;
            pay.textContent = 'Оплатить ' + amount;
          });
      });
    });
  };
  window.cp = { CloudPayments: CloudPayments };
})();
`;
