/**
 * Stand-ins for the outside services' browser scripts, served in place of the real URLs (page.route): they speak the
 * real APIs the app calls and write down every call for the test to read.
 */

/**
 * https://yandex.ru/ads/system/context.js: runs what was queued on `yaContextCb` and then every later push at once;
 * `Ya.adfoxCode.create` fills the container (or reports a stub for p1 'light2': an empty slot), `destroy` empties it.
 */
export const FAKE_ADFOX_CONTEXT = `(function () {
  window.__adfox = window.__adfox || { created: [], destroyed: [] };
  window.Ya = window.Ya || {};
  window.Ya.adfoxCode = {
    create: function (o) {
      window.__adfox.created.push({ ownerId: o.ownerId, containerId: o.containerId, p1: o.params.p1, p2: o.params.p2 });
      var el = document.getElementById(o.containerId);
      if (!el) { if (o.onError) o.onError(new Error('no container')); return; }
      if (o.params.p1 === 'light2') { if (o.onStub) o.onStub(); return; }
      el.innerHTML = '<div class="fake-adfox" style="height:90px">Реклама AdFox ' + o.params.p1 + '</div>';
      if (o.onRender) o.onRender();
    },
    destroy: function (id) {
      window.__adfox.destroyed.push(id);
      var el = document.getElementById(id);
      if (el) el.innerHTML = '';
    },
  };
  var queued = window.yaContextCb || [];
  window.yaContextCb = { push: function (fn) { fn(); } };
  for (var i = 0; i < queued.length; i++) queued[i]();
})();`;

/** https://mc.yandex.ru/metrika/tag.js: replays the snippet's queue (ym.a) and records every later call. */
export const FAKE_METRIKA_TAG = `(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.__ym = [];
  window.ym = function () { window.__ym.push(Array.prototype.slice.call(arguments)); };
  for (var i = 0; i < queued.length; i++) window.ym.apply(null, queued[i]);
})();`;
