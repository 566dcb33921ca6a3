/* ListState: the list's DOM events and footer rules, shared by both clients
 * (liststate.js, and liststate-htmx.js beside real htmx 2). No dependencies.
 * The events are documented in docs/events.md. Sets window.ListStateEvents. */
(function () {
  'use strict';
  var PREFIX = 'liststate:';
  var claimed = new WeakSet();      // footers whose request has started
  var loaded = new WeakMap();       // list element -> Set of page URLs requested
  var ended = new WeakSet();        // lists that announced their end

  function list() { return document.getElementById('list'); }
  function isFooter(el) { return !!el && el.nodeType === 1 && el.id === 'list-footer'; }
  function isList(el) { return !!el && el.nodeType === 1 && el.id === 'list'; }
  function urlOf(el) { return el.getAttribute('hx-get') || el.getAttribute('data-hx-get') || ''; }

  /* Dispatches liststate:<name> on the list element (or `on`); returns false when cancelled. */
  function emit(name, detail, on) {
    var target = on || list() || document;
    return target.dispatchEvent(new CustomEvent(PREFIX + name, { bubbles: true, cancelable: true, detail: detail }));
  }

  /* The placeholder in a root (element or fragment): {kind, element} or null. */
  function placeholderIn(root) {
    var el = root && root.querySelector ? root.querySelector('.placeholder') : null;
    if (!el) return null;
    var match = /(?:^|\s)placeholder-([A-Za-z]+)(?:\s|$)/.exec(el.className);
    return { kind: match ? match[1] : '', element: el };
  }

  function rowsOf(listEl) { return listEl ? listEl.querySelectorAll('.row') : []; }

  /* Whether the list may still grow: any footer but the end-of-list one. A failed
   * footer (retry, start over, offline) is no end (found by a break-it pass:
   * `end-reached` fired on a 503's retry footer, then never at the real end). htmx
   * settles a new footer's class after the swap (it keeps the old one's meanwhile),
   * so its companion asks again once settled (`checkEnd`). */
  function hasLiveFooter(listEl) {
    var footer = listEl && listEl.querySelector('#list-footer');
    return !!footer && !footer.classList.contains('list-footer-end');
  }

  /* A footer may fire once, and a page URL loads once per list: fast scrolling
   * never loads a page twice, a restored page never re-fetches rows it shows. */
  function claim(footer) {
    if (!isFooter(footer) || claimed.has(footer)) return !isFooter(footer);
    var listEl = list();
    var urls = listEl && loaded.get(listEl);
    if (!urls && listEl) { urls = new Set(); loaded.set(listEl, urls); }
    var url = urlOf(footer);
    if (urls && urls.has(url)) return false;
    claimed.add(footer);
    if (urls) urls.add(url);
    return true;
  }

  /* Releases a footer whose request failed (network error, abort), so it can be tried again. */
  function release(footer) {
    if (!isFooter(footer)) return;
    claimed.delete(footer);
    var urls = list() && loaded.get(list());
    if (urls) urls.delete(urlOf(footer));
  }

  function busy(el, on) {
    if (!el || el.nodeType !== 1) return;
    el.classList.toggle('htmx-request', on);
    if (isFooter(el) || isList(el)) { if (on) el.setAttribute('aria-busy', 'true'); else el.removeAttribute('aria-busy'); }
  }

  /* Call before a swap into `target` of `incoming` (a DocumentFragment or an
   * element holding the new markup); returns a token for afterSwap. */
  function beforeSwap(target, incoming) {
    var listEl = list();
    var region = isList(target) || (target && target.contains && listEl && target.contains(listEl));
    var token = {
      kind: isFooter(target) ? 'more' : (region ? 'region' : 'other'),
      oldPlaceholder: region ? placeholderIn(listEl) : null,
      newPlaceholder: region ? placeholderIn(incoming) : null,
      lastRow: isFooter(target) ? target.previousElementSibling : null,
      focusWasIn: !!(target && target.contains && target.contains(document.activeElement)),
      activated: isFooter(target) && activated.has(target),
      rowsBefore: rowsOf(listEl).length
    };
    var oldKind = token.oldPlaceholder && token.oldPlaceholder.kind;
    var newKind = token.newPlaceholder && token.newPlaceholder.kind;
    if (oldKind !== newKind) {
      if (token.oldPlaceholder) emit('placeholder-will-disappear', token.oldPlaceholder);
      if (token.newPlaceholder) emit('placeholder-will-appear', { kind: newKind, element: token.newPlaceholder.element });
    } else {
      token.oldPlaceholder = token.newPlaceholder = null;
    }
    return token;
  }

  /* Call after the swap announced by beforeSwap. */
  function afterSwap(token) {
    var listEl = list();
    if (!token || !listEl) return;
    if (token.oldPlaceholder) emit('placeholder-did-disappear', { kind: token.oldPlaceholder.kind, element: token.oldPlaceholder.element });
    if (token.newPlaceholder) {
      var shown = placeholderIn(listEl);
      emit('placeholder-did-appear', shown || token.newPlaceholder);
    }
    var added = [];
    if (token.kind === 'more') {
      var start = token.lastRow ? token.lastRow.nextElementSibling : listEl.querySelector('.row');
      var seen = new Set();
      Array.prototype.forEach.call(rowsOf(listEl), function (row) {
        if (seen.has(row.id)) row.remove(); else seen.add(row.id);   /* an id is shown once (C-05) */
      });
      if (token.lastRow && !token.lastRow.isConnected) start = listEl.querySelector('.row');
      for (var row = start; row && row.classList.contains('row'); row = row.nextElementSibling) added.push(row);
      if (token.focusWasIn) {
        /* Activated: on to the first new row. Loaded while merely focused: the new
         * footer keeps the focus, so Enter still means "Load more". */
        var footerLink = listEl.querySelector('#list-footer a[href]');
        var firstLink = added.length ? added[0].querySelector('a[href]') : null;
        var focusable = token.activated ? firstLink || footerLink : footerLink || firstLink;
        if (focusable) focusable.focus({ preventScroll: token.activated });
      }
      /* An activated load that brought no rows (a retry footer again): its footer stands for
       * the same activation, so the page's own retry of it moves on to the rows it brings
       * rather than keeping the focus on "Load more", which held back every later load. */
      if (token.activated && !added.length) activate(listEl.querySelector('#list-footer'));
    } else if (token.kind === 'region') {
      added = Array.prototype.slice.call(rowsOf(listEl));
    }
    if (added.length) {
      emit('rows-added', { count: added.length, total: rowsOf(listEl).length, rows: added,
                           reason: token.kind === 'more' ? 'more' : 'replace' });
    }
    checkEnd(listEl);
  }

  function checkEnd(listEl) {
    if (!listEl || ended.has(listEl) || hasLiveFooter(listEl) || !rowsOf(listEl).length) return;
    ended.add(listEl);
    emit('end-reached', { total: rowsOf(listEl).length }, listEl);
  }

  /* A click inside a placeholder: the view or its button was activated. A
   * listener that cancels the event cancels the click: its default action and,
   * since this runs in the capture phase before any element's own listener,
   * the partial request htmx or our script would make for it. */
  document.addEventListener('click', function (event) {
    var target = event.target;
    var listEl = list();
    if (!listEl || !(target instanceof Element) || !listEl.contains(target)) return;
    var placeholder = target.closest('.placeholder');
    if (!placeholder) return;
    var button = target.closest('a[href], button');
    var info = placeholderIn(placeholder.parentNode) || { kind: '', element: placeholder };
    var proceed = emit('placeholder-activated', { kind: info.kind, element: placeholder,
                                                  part: button ? 'button' : 'view', control: button });
    if (!proceed) { event.preventDefault(); event.stopPropagation(); }
  }, true);

  /* Back/forward from the page cache: no footer stays busy or claimed by a
   * request that died with the page; rows already shown stay once. */
  window.addEventListener('pageshow', function (event) {
    if (!event.persisted) return;
    var footer = document.getElementById('list-footer');
    if (footer) { busy(footer, false); release(footer); }
  });

  function start() {
    var listEl = list();
    var shown = placeholderIn(listEl);
    if (shown) {
      emit('placeholder-will-appear', { kind: shown.kind, element: shown.element, initial: true });
      emit('placeholder-did-appear', { kind: shown.kind, element: shown.element, initial: true });
    }
    checkEnd(listEl);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();

  /* Runs `go` (a footer's load on being revealed) now, or, while the footer holds
   * the keyboard's focus (tabbing onto "Load more" scrolls it into view), once focus
   * leaves it; activating the link loads at once anyway. A footer loaded by being
   * focused took the focus to its first new row, where Enter opened a row nobody
   * chose (found by a break-it pass). */
  function whenNotFocused(footer, go) {
    if (!isFooter(footer) || !footer.contains(document.activeElement)) { go(); return; }
    footer.addEventListener('focusout', function left(event) {
      if (footer.contains(event.relatedTarget)) return;
      footer.removeEventListener('focusout', left);
      if (footer.isConnected && !claimed.has(footer)) go();
    });
  }

  /* Whether `fragment`, the answer for `target` parsed once by the caller, is the
   * server's: swapped outerHTML, it holds an element of the target's id (a footer or
   * a region, whatever its status). A reverse proxy's own error page (nginx's "502 Bad
   * Gateway", a 429 from its rate limit) holds none, and pasted into the list it left
   * no footer and no retry (found by a break-it pass behind docs/nginx.conf). */
  function isOwnAnswer(target, fragment, style) {
    if (!target || !target.id || style !== 'outerHTML') return true;
    return !!fragment.getElementById(target.id);
  }

  /* The longest page address a partial request carries as HX-Current-URL, in
   * characters: the server takes 8 KiB of header fields (as nginx's default buffers
   * do), and a heavily filtered page's address took every partial request past it
   * (431; found by a break-it pass). The server does not read it. */
  var MAX_CURRENT_URL = 2048;

  /* "Load more" activated (click, or Enter on the link): its load may move focus. */
  var activated = new WeakSet();
  /* Marks `footer` as activated (a retry of a footer whose "Try again" was activated). */
  function activate(footer) { if (isFooter(footer)) activated.add(footer); }
  document.addEventListener('click', function (event) {
    var footer = event.target instanceof Element && event.target.closest('#list-footer');
    if (footer && event.target.closest('a[href]')) activate(footer);
  }, true);

  /* How the running client (re)issues an element's request: set by liststate.js
   * or by the htmx companion; used to retry after a network failure. */
  var loader = null;
  function setLoader(fn) { loader = fn; }
  function load(el) { if (loader && el && el.isConnected) loader(el); }

  window.ListStateEvents = {
    emit: emit, claim: claim, release: release, busy: busy, setLoader: setLoader, load: load, whenNotFocused: whenNotFocused,
    isOwnAnswer: isOwnAnswer, maxCurrentURL: MAX_CURRENT_URL, activate: activate, checkEnd: function () { checkEnd(list()); },
    beforeSwap: beforeSwap, afterSwap: afterSwap, isFooter: isFooter, placeholderIn: placeholderIn
  };
})();
