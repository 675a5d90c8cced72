// The reference page's start-up, a file of its own: the page allows scripts only from this origin, none inline.
window.addEventListener('load', function () {
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // "Try it out" sends real requests from this page, with the token typed into «Authorize».
    tryItOutEnabled: false,
  });
});
