/* ListState offline: what the list does when a partial request gets no
 * response at all, and the service worker's registration. Both clients load
 * it after liststate-events.js (liststate.js, or htmx + liststate-htmx.js).
 *
 * `liststate:request-failed` (a network error; a 4xx/5xx is an answer and is
 * shown as the server sent it, C-12) leads to:
 * - rows on screen that still answer what was asked (the next page failed, or
 *   the same address again): they stay; a non-blocking banner
 *   (#offline-banner-template) above the list, and the failed footer replaced
 *   by the retry footer (#offline-footer-template); without a failed footer,
 *   the banner's own retry control stays in it;
 * - no rows, or rows that do not answer it (new words in the search box): the
 *   offline placeholder (#offline-template) in #list, whose action retries
 *   what was asked. A link inside #list (a sort, "Back to the start") keeps
 *   the rows: the placeholder would take the link, and so the retry, away.
 * A failure of an element no longer in the page (a next page asked for before
 * the placeholder took its footer away) is not what the page retries.
 * The status region says so (#offline-status-template). A request that got
 * no answer in time (`reason: 'timeout'`), or an answer that is not the
 * server's (`reason: 'proxy'`: a proxy's own 502 page) is shown the same way,
 * with the words of each piece's `data-no-answer` (the server did not answer;
 * the browser may well be online). The client never invents markup: every piece
 * comes from a <template> the server rendered.
 *
 * Retrying: the retry footer, the banner's control and the placeholder's action retry at once. By
 * itself the page retries when the connection returns (`online`), and
 * otherwise after a backoff that doubles with every failure (2 s to 60 s, with
 * jitter, so clients that lost the network together do not come back
 * together) — but only while the page is visible: a hidden tab waits until it
 * is shown again. */
(function () {
  'use strict';
  var events = window.ListStateEvents;
  var BASE_DELAY = 2000, MAX_DELAY = 60000;
  var failed = null;     // {element, offlineFooter?}: what to retry
  var failures = 0;      // failures in a row: the backoff's exponent
  var timer = 0;
  var deferred = false;  // an automatic retry waits for the page to be shown or the network to return

  function list() { return document.getElementById('list'); }
  function rowCount() { var el = list(); return el ? el.querySelectorAll('.row').length : 0; }
  /* Whether the failure is the server's silence rather than the network's. */
  function noAnswer(reason) { return reason === 'timeout' || reason === 'proxy' || reason === 'unreachable'; }
  function fromTemplate(id, reason) {
    var template = document.getElementById(id);
    var content = template && template.content ? template.content.cloneNode(true) : null;
    if (content && noAnswer(reason)) {
      Array.prototype.forEach.call(content.querySelectorAll('[data-no-answer]'), function (el) {
        el.textContent = el.getAttribute('data-no-answer');
      });
    }
    return content;
  }
  function announce(reason) {
    var status = document.getElementById('status');
    var template = document.getElementById('offline-status-template');
    if (!status || !template) return;
    var words = noAnswer(reason) && template.getAttribute('data-no-answer');
    status.textContent = words || template.content.textContent.trim();
  }
  /* The banner above the list; its retry control is left out when the retry
   * footer offers the same (one "try again", not two). */
  function showBanner(reason, withRetry) {
    var listEl = list();
    var banner = fromTemplate('offline-banner-template', reason);
    var fresh = banner && banner.querySelector('.offline-banner');
    if (!listEl || !fresh) { hideBanner(); return; }
    var control = fresh.querySelector('a[href]');
    if (control && !withRetry) control.remove();
    /* The same banner stays put while retries fail: no flicker, nothing new to read. */
    var shown = document.querySelector('.offline-banner');
    if (shown && shown.isEqualNode(fresh)) return;
    if (shown) shown.replaceWith(fresh); else listEl.parentNode.insertBefore(fresh, listEl);
  }

  /* Whether the rows on screen still answer what `element` asked for: anything but
   * the search form does (a next page, a sort link inside #list), and the form does
   * while its words are those of the address on screen (which a search that got its
   * answer replaced). Rows left under words they do not answer would pass for the
   * search's results (found by a break-it pass). */
  function rowsAnswer(element) {
    if (element.tagName !== 'FORM') return true;
    var words = new FormData(element).get('q');
    return typeof words !== 'string' || words.trim() === (new URL(location.href).searchParams.get('q') || '').trim();
  }
  /* The address a form asks for (its action with its values), for the placeholder's
   * action: opened in a new tab, or followed once the page has nothing to retry. */
  function askedAddress(form) {
    var url = new URL(form.getAttribute('action') || location.href, location.href);
    url.search = '';
    new FormData(form).forEach(function (value, name) { if (typeof value === 'string') url.searchParams.append(name, value); });
    return url.pathname + url.search;
  }
  function hideBanner() {
    var banner = document.querySelector('.offline-banner');
    if (banner) banner.remove();
  }

  function showOffline(element, reason) {
    if (failed && failed.element === element) {
      /* Reported twice (htmx), or the search failed again with more words typed: the
       * placeholder's action follows them (found by a break-it pass). */
      var shown = element.tagName === 'FORM' && list() && list().querySelector('.placeholder-offline a[href]');
      if (shown) shown.setAttribute('href', askedAddress(element));
      return;
    }
    if (events.isFooter(element) && rowCount() > 0) {
      var footer = fromTemplate('offline-footer-template', reason);
      var item = footer && footer.querySelector('#list-footer');
      if (item) {
        var link = item.querySelector('a[href]'), next = element.querySelector('a[href]');
        if (link && next) link.setAttribute('href', next.getAttribute('href'));
        /* Focus stays in the footer: on its "Try again" (found by a break-it pass: it fell to <body>). */
        var hadFocus = element.contains(document.activeElement);
        element.replaceWith(item);
        if (hadFocus && link) link.focus({ preventScroll: true });
        failed = { element: element, offlineFooter: item };
      }
      showBanner(reason, !item);
    } else if (rowCount() > 0 && rowsAnswer(element)) {
      failed = { element: element };
      showBanner(reason, true);
    } else {
      hideBanner();
      var listEl = list(), placeholder = fromTemplate('offline-template', reason);
      var action = placeholder && element.tagName === 'FORM' && placeholder.querySelector('a[href]');
      if (action) action.setAttribute('href', askedAddress(element));
      if (listEl && placeholder) {
        var token = events.beforeSwap(listEl, placeholder);
        listEl.replaceChildren(placeholder);
        events.afterSwap(token);
      }
      failed = { element: element };
    }
    announce(reason);
  }

  function retry() {
    clearTimeout(timer);
    timer = 0;
    deferred = false;
    var retrying = failed;
    failed = null;
    if (!retrying) return;
    /* The banner stays until an answer comes (`answered`), or the failure's own state replaces it. */
    if (retrying.offlineFooter) {
      if (!retrying.offlineFooter.isConnected) return;
      var hadFocus = retrying.offlineFooter.contains(document.activeElement);
      retrying.offlineFooter.replaceWith(retrying.element);
      if (hadFocus) {
        /* The retry goes on as the "Load more" it stands for: focus then moves to the first new row. */
        var again = retrying.element.querySelector('a[href]');
        if (again) again.focus({ preventScroll: true });
        events.activate(retrying.element);
      }
    }
    if (retrying.element.isConnected) events.load(retrying.element);
  }

  /* An automatic retry: now if the page is visible and the network may be
   * there, else when it is shown or the network returns. */
  function retryWhenPossible() {
    timer = 0;
    if (!failed) return;
    if (document.visibilityState === 'hidden' || navigator.onLine === false) { deferred = true; return; }
    retry();
  }
  function schedule() {
    clearTimeout(timer);
    var delay = Math.min(MAX_DELAY, BASE_DELAY * Math.pow(2, Math.max(0, failures - 1)));
    timer = setTimeout(retryWhenPossible, delay * (0.5 + Math.random()));
  }

  document.addEventListener('liststate:request-failed', function (event) {
    var element = event.detail && event.detail.element;
    /* An element gone from the page (a footer the placeholder took) is nothing to retry. */
    if (!element || !element.isConnected || !list()) return;
    failures += 1;
    /* No connection while the browser is online: the server is gone, not the network
     * (found by a break-it pass: a stopped server was called "You are offline"). */
    var reason = event.detail.reason === 'network' && navigator.onLine ? 'unreachable' : event.detail.reason;
    showOffline(element, reason);
    schedule();
  });
  function answered(event) {
    if (event.type === 'liststate:placeholder-did-appear' && event.detail && event.detail.kind === 'offline') return;
    failures = 0;
    if (!failed) hideBanner();
  }
  document.addEventListener('liststate:rows-added', answered);
  document.addEventListener('liststate:placeholder-did-appear', answered);
  document.addEventListener('liststate:answered', answered);

  window.addEventListener('online', function () {
    if (!failed) return;
    clearTimeout(timer);
    timer = setTimeout(retryWhenPossible, Math.random() * 500);   /* once, with a little jitter */
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible' && failed && deferred && !timer) retryWhenPossible();
  });

  /* Manual retry: the retry footer's link, the banner's, or the offline placeholder's action. */
  document.addEventListener('click', function (event) {
    var control = event.target instanceof Element &&
      event.target.closest('.list-footer-offline a[href], .offline-banner a[href], #list .placeholder-offline a[href]');
    if (!control || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!failed) return;   /* nothing failed: the link works as a link */
    event.preventDefault();
    retry();
  });

  /* The offline page (/-/offline, shown by the service worker in place of an
   * address that got no response): its action reloads that address, and so
   * does the network coming back while the page is visible. */
  function startOfflinePage() {
    if (list() || !document.querySelector('.placeholder-offline')) return;
    announce();
    document.addEventListener('click', function (event) {
      var control = event.target instanceof Element && event.target.closest('.placeholder-offline a[href]');
      if (!control || event.button !== 0) return;
      event.preventDefault();
      location.reload();
    });
    window.addEventListener('online', function () {
      if (document.visibilityState === 'visible') location.reload();
    });
  }

  function register() {
    if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
    var meta = document.querySelector('meta[name="liststate-build"]');
    var version = meta && meta.getAttribute('content');
    /* The site's path prefix (--base-path), which the worker's address and scope carry. */
    var base = (meta && meta.getAttribute('data-base-path')) || '';
    var url = base + '/sw.js' + (version ? '?v=' + encodeURIComponent(version) : '');
    navigator.serviceWorker.register(url, { scope: base + '/', updateViaCache: 'none' }).catch(function () {});
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startOfflinePage);
  else startOfflinePage();
  if (document.readyState === 'complete') register(); else window.addEventListener('load', register);

  window.ListStateOffline = { retry: retry };
})();
