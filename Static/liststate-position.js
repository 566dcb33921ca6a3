/* ListState position: the reader's place in a list kept across Back, Forward
 * and reload when the browser's back/forward cache does not keep the page (it
 * is often off: a page with `Cache-Control: no-store`, one opened from another
 * site, a browser that evicted it). Both clients load it after
 * liststate-events.js (liststate.js, or htmx + liststate-htmx.js).
 *
 * While the reader scrolls and pages load, the page records, by its address,
 * how many rows the list shows and the scroll offset (in sessionStorage: the
 * history entry's own state is no place for it, since htmx replaces that state
 * when it pushes an address). When the page is loaded again by Back, Forward
 * or reload and shows fewer rows, it asks for the next pages one after another
 * through the footer, as scrolling would (at most MAX_PAGES, so an old place
 * cannot load a whole list), then scrolls back to where the reader was. A new
 * visit (a link, the address bar) starts at the top. The server renders
 * nothing differently; with JavaScript off the page starts at its first row,
 * as always. */
(function () {
  'use strict';
  var events = window.ListStateEvents;
  var PREFIX = 'liststate-position:';
  var MAX_PAGES = 10;
  var RECORD_DELAY = 250;   /* ms: one write per burst of scrolling */

  function list() { return document.getElementById('list'); }
  function rowCount() { var el = list(); return el ? el.querySelectorAll('.row').length : 0; }

  var timer = 0;
  var restoring = null;   /* {rows, scroll, pages}: the place being restored */
  /* After Back or Forward the address is another one while this page still
   * shows the list it left (until it is loaded again for the address): nothing
   * may be recorded for that address (found by QA: htmx mode recorded the
   * sorted list's place for the address before the sort). */
  var frozen = false;

  function record() {
    clearTimeout(timer);
    timer = 0;
    if (!list() || restoring || frozen) return;
    try {
      sessionStorage.setItem(PREFIX + location.href, JSON.stringify({ rows: rowCount(), scroll: Math.round(window.scrollY) }));
    } catch (e) { /* storage off or full: the place is not kept */ }
  }
  function recordSoon() { if (!timer) timer = setTimeout(record, RECORD_DELAY); }

  function loadNext() {
    var footer = document.getElementById('list-footer');
    var more = footer && footer.querySelector('a[rel="next"]');
    if (!restoring) return;
    if (rowCount() >= restoring.rows || !more || restoring.pages >= MAX_PAGES) { finish(); return; }
    restoring.pages += 1;
    events.load(footer);
  }
  function finish() {
    if (!restoring) return;
    var scroll = restoring.scroll;
    restoring = null;
    window.scrollTo(0, scroll);
    record();
  }

  /* On a page loaded again (Back, Forward, reload) whose address has a place:
   * the browser's own scroll restoration would land short of it, so the page
   * restores it itself. */
  function restore() {
    var navigation = window.performance && performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
    if (!list() || !navigation || (navigation.type !== 'back_forward' && navigation.type !== 'reload')) return;
    var saved = null;
    try { saved = JSON.parse(sessionStorage.getItem(PREFIX + location.href) || 'null'); } catch (e) { return; }
    if (!saved || typeof saved.rows !== 'number' || typeof saved.scroll !== 'number') return;
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    restoring = { rows: saved.rows, scroll: saved.scroll, pages: 0 };
    loadNext();
  }

  document.addEventListener('liststate:rows-added', function () {
    if (restoring) loadNext(); else recordSoon();
  });
  /* A page that failed to load (offline, an error) ends the restoring where it is. */
  document.addEventListener('liststate:request-failed', finish);
  document.addEventListener('liststate:placeholder-did-appear', function () { if (restoring) finish(); });
  window.addEventListener('scroll', function () { if (!restoring) recordSoon(); }, { passive: true });
  window.addEventListener('pagehide', record);
  /* The page is then loaded again for the address (liststate.js, or htmx's
   * refreshOnHistoryMiss): the browser would keep this document's scroll offset for
   * it and land part-way down a list the reader never scrolled (found by a break-it
   * pass: Back after a sort); the place recorded for the address is restored instead. */
  window.addEventListener('popstate', function () {
    frozen = true;
    clearTimeout(timer);
    timer = 0;
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', restore); else restore();
})();
