/**
 * Stand-ins for the outside services' browser scripts, served in place of the real URLs (page.route): they speak the
 * real APIs the app calls and write down every call for the test to read.
 */

/**
 * https://yandex.ru/ads/system/context.js: runs what was queued on `yaContextCb` and then every later push at once;
 * `Ya.adfoxCode.create` fills the container (or reports a stub for p1 'light2': an empty slot), `destroy` empties it;
 * `onLoad` gets the creative's parameters with its erid and advertiser, except for the third codes (an unmarked ad).
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
      // The creative's banner parameters (38-FZ marking): the third codes' creative comes without its erid token.
      var marked = !/3$/.test(o.params.p1);
      if (o.onLoad) o.onLoad({ bundleName: 'banner.html', bundleParams: marked
        ? { erid: 'Kra23ad' + o.params.p1, advertiserInfo: 'ООО «Застройщик ' + o.params.p1 + '»' } : {} });
      el.innerHTML = '<div class="fake-adfox" style="height:90px">Объявление AdFox ' + o.params.p1 + '</div>';
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

/** https://mc.yandex.ru/metrika/tag.js: replays the snippet's queue (ym.a), records every later call and sends its hits. */
export const FAKE_METRIKA_TAG = `(function () {
  var queued = (window.ym && window.ym.a) || [];
  window.__ym = [];
  window.ym = function () {
    var args = Array.prototype.slice.call(arguments);
    window.__ym.push(args);
    // A hit goes out as the real tag sends it (to /watch/<id>), unless the counter was switched off by its flag; the
    // tag sets its identifier cookie as the real one does.
    if (args[1] === 'hit' && !window['disableYaCounter' + args[0]]) {
      document.cookie = '_ym_uid=1700000000123456789; Path=/';
      fetch('https://mc.yandex.ru/watch/' + args[0] + '?page-url=' + encodeURIComponent(args[2]), { mode: 'no-cors' }).catch(function () {});
    }
  };
  for (var i = 0; i < queued.length; i++) window.ym.apply(null, queued[i]);
})();`;

/**
 * https://mapgl.2gis.com/api/js: `mapgl.Map`, `mapgl.Marker` and `mapgl.HtmlMarker` as MapGL's reference describes
 * them, written down in `window.__mapgl`. The "map" is an element in the container; HTML markers are put into it as
 * they are (their clicks are the page's own), a Marker becomes a button that emits `click` like MapGL's.
 */
export const FAKE_MAPGL = `(function () {
  var calls = (window.__mapgl = { maps: [], markers: [], htmlMarkers: [], clusterers: [] });
  function Evented() { this.handlers = {}; }
  Evented.prototype.on = function (type, fn) { (this.handlers[type] = this.handlers[type] || []).push(fn); return this; };
  Evented.prototype.off = function (type, fn) {
    this.handlers[type] = (this.handlers[type] || []).filter(function (h) { return h !== fn; });
    return this;
  };
  Evented.prototype.emit = function (type, event) {
    (this.handlers[type] || []).slice().forEach(function (fn) { fn(event); });
    return this;
  };
  function Map(container, options) {
    Evented.call(this);
    this.container = typeof container === 'string' ? document.getElementById(container) : container;
    this.center = options.center;
    this.zoom = options.zoom === undefined ? 10 : options.zoom;
    this.record = { key: options.key, center: options.center, zoom: this.zoom, lang: options.lang, centers: [], zooms: [], destroyed: false };
    calls.maps.push(this.record);
    this.layer = document.createElement('div');
    this.layer.setAttribute('data-testid', 'fake-mapgl');
    // Not a map: the objects in rows, spaced so that pins drawn above and beside their point (as on MapGL) never overlap.
    this.layer.style.cssText = 'position:absolute;inset:0;overflow:auto;display:flex;flex-wrap:wrap;align-content:flex-start;gap:48px 110px;padding:48px 80px';
    this.container.appendChild(this.layer);
  }
  Map.prototype = Object.create(Evented.prototype);
  Map.prototype.setCenter = function (center) { this.center = center; this.record.centers.push(center); return this; };
  Map.prototype.getCenter = function () { return this.center; };
  Map.prototype.setZoom = function (zoom) { this.zoom = zoom; this.record.zooms.push(zoom); return this; };
  Map.prototype.getZoom = function () { return this.zoom; };
  Map.prototype.destroy = function () { this.record.destroyed = true; this.layer.remove(); };
  function Marker(map, options) {
    Evented.call(this);
    var self = this;
    this.record = { coordinates: options.coordinates, label: options.label && options.label.text, destroyed: false };
    calls.markers.push(this.record);
    this.el = document.createElement('button');
    this.el.setAttribute('data-testid', 'fake-mapgl-marker');
    this.el.textContent = this.record.label || '';
    this.el.addEventListener('click', function (event) {
      self.emit('click', { lngLat: options.coordinates, point: [0, 0], originalEvent: event, target: { type: 'marker' } });
    });
    map.layer.appendChild(this.el);
  }
  Marker.prototype = Object.create(Evented.prototype);
  Marker.prototype.destroy = function () { this.record.destroyed = true; this.el.remove(); };
  function HtmlMarker(map, options) {
    var html = options.html;
    if (typeof html === 'string') { var holder = document.createElement('div'); holder.innerHTML = html; html = holder; }
    this.record = { coordinates: options.coordinates, text: html.textContent, destroyed: false };
    calls.htmlMarkers.push(this.record);
    this.el = document.createElement('div');
    this.el.setAttribute('data-testid', 'fake-mapgl-html-marker');
    this.el.appendChild(html);
    map.layer.appendChild(this.el);
  }
  HtmlMarker.prototype.destroy = function () { this.record.destroyed = true; this.el.remove(); };
  window.mapgl = { Map: Map, Marker: Marker, HtmlMarker: HtmlMarker, Evented: Evented };
})();`;

/**
 * https://unpkg.com/@2gis/mapgl-clusterer@…/dist/clustering.js: `mapgl.Clusterer` (load, on('click'),
 * getClusterExpansionZoom, destroy). Its "clustering" puts markers less than ~1 km apart (coordinates rounded to
 * 0.01°) into one cluster; a click on a marker or a cluster emits `click` with the plugin's targets
 * ({type: 'marker', data} / {type: 'cluster', id, data}). Every load is written down.
 */
export const FAKE_MAPGL_CLUSTERER = `(function () {
  var mapgl = window.mapgl;
  function Clusterer(map, options) {
    mapgl.Evented.call(this);
    this.map = map;
    this.record = { radius: options && options.radius, loads: [], expansions: [], destroyed: false };
    window.__mapgl.clusterers.push(this.record);
    this.layer = document.createElement('div');
    this.layer.style.display = 'contents';
    map.layer.appendChild(this.layer);
  }
  Clusterer.prototype = Object.create(mapgl.Evented.prototype);
  Clusterer.prototype.load = function (input) {
    var self = this;
    this.record.loads.push(input.map(function (m) {
      return { type: m.type, coordinates: m.coordinates, text: typeof m.html === 'string' ? m.html : m.html.textContent, userData: m.userData };
    }));
    this.layer.innerHTML = '';
    var groups = {};
    var order = [];
    input.forEach(function (m) {
      var key = m.coordinates.map(function (c) { return c.toFixed(2); }).join(':');
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(m);
    });
    order.forEach(function (key, id) {
      var group = groups[key];
      var el = document.createElement('div');
      el.style.cursor = 'pointer';
      if (group.length === 1) {
        el.setAttribute('data-testid', 'fake-clusterer-marker');
        el.appendChild(group[0].html);
      } else {
        el.setAttribute('data-testid', 'fake-clusterer-cluster');
        el.textContent = String(group.length);
      }
      el.addEventListener('click', function (event) {
        self.emit('click', {
          lngLat: group[0].coordinates,
          point: [0, 0],
          originalEvent: event,
          target: group.length === 1 ? { type: 'marker', data: group[0] } : { type: 'cluster', id: id, data: group },
        });
      });
      self.layer.appendChild(el);
    });
  };
  Clusterer.prototype.getClusterExpansionZoom = function (id) {
    this.record.expansions.push(id);
    return this.map.getZoom() + 2;
  };
  Clusterer.prototype.destroy = function () { this.record.destroyed = true; this.layer.remove(); };
  mapgl.Clusterer = Clusterer;
})();`;
