/* ListState companion for pages that load real htmx 2 instead of liststate.js.
 * Load order: htmx.min.js, liststate-events.js, then this file.
 *
 * Adds what htmx lacks: the liststate:* DOM events (docs/events.md), one
 * request per footer (and per page URL), aria-busy on a loading footer, focus
 * kept on a "Load more" activated from the keyboard, and a network failure
 * that leaves the footer usable. The htmx configuration itself comes from the
 * page's <meta name="htmx-config">. */
(function () {
  'use strict';
  var events = window.ListStateEvents;
  var pending = null;   // the token of the swap in progress (htmx swaps synchronously)

  /* htmx sends the page's address as HX-Current-URL: left out when long, as liststate.js
   * does (ListStateEvents.maxCurrentURL). */
  document.addEventListener('htmx:configRequest', function (event) {
    var headers = event.detail.headers;
    if (headers && String(headers['HX-Current-URL'] || '').length > events.maxCurrentURL) delete headers['HX-Current-URL'];
  });

  document.addEventListener('htmx:beforeRequest', function (event) {
    var el = event.detail.elt;
    if (!events.claim(el)) { event.preventDefault(); return; }
    if (events.isFooter(el)) events.busy(el, true);
    var target = event.detail.target;
    if (target && target.id === 'list') events.busy(target, true);   /* htmx sets no aria-busy itself */
  });

  document.addEventListener('htmx:afterRequest', function (event) {
    var el = event.detail.elt;
    if (events.isFooter(el)) events.busy(el, false);
    if (event.detail.target && event.detail.target.id === 'list') events.busy(event.detail.target, false);
    if (!event.detail.xhr || !event.detail.xhr.status) events.release(el);
  });

  document.addEventListener('htmx:sendError', function (event) {
    events.emit('request-failed', { url: event.detail.pathInfo && event.detail.pathInfo.requestPath, element: event.detail.elt,
                                    reason: 'network' });
  });

  /* No answer within htmx's `timeout` (the page's htmx-config) ends like a failed connection. */
  document.addEventListener('htmx:timeout', function (event) {
    events.emit('request-failed', { url: event.detail.pathInfo && event.detail.pathInfo.requestPath, element: event.detail.elt,
                                    reason: 'timeout' });
  });

  /* A request that got no response is reported as `htmx:sendError`; an HTTP
   * error status is an answer (the page's htmx-config swaps it), so only a
   * response error without a status counts as offline (C-12). */
  document.addEventListener('htmx:responseError', function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status) return;
    events.emit('request-failed', { url: event.detail.pathInfo && event.detail.pathInfo.requestPath, element: event.detail.elt,
                                    reason: 'network' });
  });

  /* Retrying after a network failure issues the element's request again,
   * with its own target and swap (a form's values come along). */
  events.setLoader(function (el) {
    if (!window.htmx) return;
    var target = el.getAttribute('hx-target');
    var request = window.htmx.ajax('GET', el.getAttribute('hx-get') || location.href, {
      source: el, target: !target || target === 'this' ? el : target, swap: el.getAttribute('hx-swap') || 'innerHTML'
    });
    /* its promise rejects on a network error, which htmx:sendError already reports */
    if (request && request.catch) request.catch(function () {});
  });

  /* A footer revealed because the keyboard focused it loads when activated or once
   * focus leaves it (events.whenNotFocused), as with liststate.js. */
  document.addEventListener('htmx:confirm', function (event) {
    var detail = event.detail, el = detail && detail.elt;
    if (!events.isFooter(el) || !detail.triggeringEvent || detail.triggeringEvent.type !== 'revealed') return;
    if (!el.contains(document.activeElement)) return;
    event.preventDefault();
    events.whenNotFocused(el, function () { detail.issueRequest(true); });
  });

  /* The answer, parsed once: one that is not the server's (a proxy's error page) is
   * not swapped and ends like a failed connection (events.isOwnAnswer); the list and
   * its footer are always swapped whole (outerHTML). */
  document.addEventListener('htmx:beforeSwap', function (event) {
    var detail = event.detail, el = detail.elt, target = detail.target;
    var template = document.createElement('template');
    template.innerHTML = detail.serverResponse || '';
    var whole = target && (target.id === 'list' || target.id === 'list-footer');
    if (whole && detail.xhr && detail.xhr.status && !events.isOwnAnswer(target, template.content, 'outerHTML')) {
      detail.shouldSwap = false;
      events.release(el);
      events.emit('request-failed', { url: detail.pathInfo && detail.pathInfo.requestPath, element: el, reason: 'proxy',
                                      status: detail.xhr.status });
      return;
    }
    if (detail.shouldSwap) pending = events.beforeSwap(target, template.content);
  });

  /* The end-of-list footer's class is settled after the swap (htmx's attributesToSettle). */
  document.addEventListener('htmx:afterSettle', function () { events.checkEnd(); });

  document.addEventListener('htmx:afterSwap', function (event) {
    var token = pending, xhr = event.detail && event.detail.xhr;
    pending = null;
    if (token) events.afterSwap(token);
    if (xhr && xhr.status) {
      events.emit('answered', { url: event.detail.pathInfo && event.detail.pathInfo.requestPath, element: event.detail.elt,
                                status: xhr.status, retryAfter: xhr.getResponseHeader('Retry-After') });
    }
  });

  /* "Load more" activated by click or keyboard loads in place, like revealing the footer. */
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element && event.target.closest('#list-footer a[rel="next"]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var footer = link.closest('#list-footer');
    var url = footer && footer.getAttribute('hx-get');
    if (!url || !window.htmx) return;
    event.preventDefault();
    var request = window.htmx.ajax('GET', url, { source: footer, target: footer, swap: 'outerHTML' });
    /* its promise rejects on a network error, which htmx:sendError already reports */
    if (request && request.catch) request.catch(function () {});
  });
})();
