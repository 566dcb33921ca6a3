/* ListState client: the subset of htmx 2 that ListState's markup uses, and
 * nothing else. No dependencies; needs liststate-events.js loaded first.
 *
 * Attributes: hx-get; hx-trigger (revealed, load, submit, input, search, with
 * the modifiers `changed` and `delay:Nms|Ns`); hx-target (CSS selector or
 * `this`); hx-swap (outerHTML, innerHTML, beforeend); hx-swap-oob (in
 * responses: true/outerHTML/innerHTML, also inside <template>); a <title>
 * at the top of a response sets the document's title, as in htmx;
 * hx-push-url / hx-replace-url (true or a URL); hx-indicator; hx-sync
 * (`this:drop|abort|replace`). Request headers: HX-Request, HX-Current-URL,
 * HX-Target, HX-Trigger. Response headers: HX-Retarget and HX-Reswap (the
 * answer goes elsewhere, as the server says), HX-Push-Url (the address the
 * history takes, where the element pushes or replaces it). Responses of every status but 204 are swapped (error
 * fragments are content), then `liststate:answered` is dispatched. Without a
 * response (offline) nothing is swapped, the element is released and
 * `liststate:request-failed` is dispatched. */
(function () {
  'use strict';
  var events = window.ListStateEvents;
  var state = new WeakMap();   // element -> {wired, controller, timer, values}

  function attr(el, name) {
    return el.getAttribute(name) !== null ? el.getAttribute(name) : el.getAttribute('data-' + name);
  }
  function dataOf(el) {
    var data = state.get(el);
    if (!data) { data = { controller: null, timer: 0, values: new WeakMap() }; state.set(el, data); }
    return data;
  }
  function interval(text) {
    var match = /^(\d+)(ms|s)?$/.exec(text || '');
    return match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : 0;
  }

  /* "input changed delay:300ms, search" -> [{event, changed, delay}] */
  function triggers(el) {
    var spec = attr(el, 'hx-trigger');
    if (!spec) return [{ event: el.tagName === 'FORM' ? 'submit' : 'click', changed: false, delay: 0 }];
    return spec.split(',').map(function (part) {
      var words = part.trim().split(/\s+/);
      var trigger = { event: words[0], changed: false, delay: 0 };
      words.slice(1).forEach(function (word) {
        if (word === 'changed') trigger.changed = true;
        else if (word.indexOf('delay:') === 0) trigger.delay = interval(word.slice(6));
      });
      return trigger;
    });
  }

  function resolve(el, selector) {
    if (!selector || selector === 'this') return el;
    return document.querySelector(selector);
  }

  var observer = 'IntersectionObserver' in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (entry) {
      if (!entry.isIntersecting) return;
      observer.unobserve(entry.target);
      /* Shown because the keyboard focused it: loaded when activated, or once focus leaves. */
      events.whenNotFocused(entry.target, function () { issue(entry.target); });
    });
  }) : null;

  function wire(el) {
    var data = dataOf(el);
    if (data.wired) return;
    data.wired = true;
    triggers(el).forEach(function (trigger) {
      if (trigger.event === 'revealed') {
        if (observer) observer.observe(el);
      } else if (trigger.event === 'load') {
        setTimeout(function () { issue(el); }, trigger.delay);
      } else {
        el.addEventListener(trigger.event, function (event) {
          /* as htmx: a form's submit and a link's click load in place instead of navigating */
          if (trigger.event === 'submit' || (trigger.event === 'click' && el.tagName === 'A')) event.preventDefault();
          if (trigger.changed) {
            var source = event.target, values = dataOf(el).values;
            var last = values.get(trigger) || new WeakMap();
            values.set(trigger, last);
            var before = last.has(source) ? last.get(source) : source.defaultValue;
            if (source.value === before) return;
            last.set(source, source.value);
          }
          clearTimeout(data.timer);
          if (trigger.delay) data.timer = setTimeout(function () { issue(el); }, trigger.delay);
          else issue(el);
        });
      }
    });
  }

  /* Wires every hx-get element in root (an element or a fragment). */
  function process(root) {
    if (root.nodeType === 1 && (attr(root, 'hx-get') !== null)) wire(root);
    if (root.querySelectorAll) Array.prototype.forEach.call(root.querySelectorAll('[hx-get], [data-hx-get]'), wire);
  }

  /* The longest a request waits for its answer, body included: `timeout`
   * (milliseconds) of the page's <meta name="htmx-config">, which htmx reads
   * too (`liststate serve --client-timeout`); 10 s without one. A request
   * that gets no answer by then ends as one that failed to connect. */
  var TIMEOUT = (function () {
    var meta = document.querySelector('meta[name="htmx-config"]');
    try {
      var value = meta && JSON.parse(meta.getAttribute('content')).timeout;
      return typeof value === 'number' && value > 0 ? value : 10000;
    } catch (e) { return 10000; }
  })();

  function requestURL(el) {
    var url = new URL(attr(el, 'hx-get') || location.href, location.href);
    if (el.tagName === 'FORM') {
      new FormData(el).forEach(function (value, name) { if (typeof value === 'string') url.searchParams.append(name, value); });
    }
    return url;
  }

  function issue(el) {
    if (!el.isConnected) return;
    var data = dataOf(el);
    var sync = (attr(el, 'hx-sync') || '').split(':')[1] || 'drop';
    if (data.controller) {
      if (sync === 'replace') data.controller.abort(); else return;
    }
    if (!events.claim(el)) return;
    var target = resolve(el, attr(el, 'hx-target'));
    if (!target) return;
    var url = requestURL(el);
    var indicators = attr(el, 'hx-indicator') ? document.querySelectorAll(attr(el, 'hx-indicator')) : [el];
    var controller = new AbortController();
    data.controller = controller;
    Array.prototype.forEach.call(indicators, function (i) { events.busy(i, true); });
    var headers = { 'HX-Request': 'true' };
    /* Left out when long (ListStateEvents.maxCurrentURL). */
    if (location.href.length <= events.maxCurrentURL) headers['HX-Current-URL'] = location.href;
    if (target.id) headers['HX-Target'] = target.id;
    if (el.id) headers['HX-Trigger'] = el.id;
    var timedOut = false;
    var timer = setTimeout(function () { timedOut = true; controller.abort(); }, TIMEOUT);
    function done() {
      clearTimeout(timer);
      if (data.controller !== controller) return;   /* superseded (hx-sync replace): the newer request owns the indicators */
      data.controller = null;
      Array.prototype.forEach.call(indicators, function (i) { events.busy(i, false); });
    }
    fetch(url.href, { headers: headers, signal: controller.signal, credentials: 'same-origin' })
      .then(function (response) {
        return response.text().then(function (text) {
          done();
          /* A target gone from the page (a footer whose list a search or sort replaced
           * meanwhile): the answer is stale, and none of it is applied, its status
           * words and events included (found by a break-it pass: "20 more rows loaded"). */
          if (response.status === 204 || controller.signal.aborted || !target.isConnected) return;
          var style = response.headers.get('HX-Reswap') || attr(el, 'hx-swap') || 'innerHTML';
          var retarget = response.headers.get('HX-Retarget');
          if (retarget) target = document.querySelector(retarget) || target;
          var fragment = parse(text);
          if (!events.isOwnAnswer(target, fragment, style)) {
            events.release(el);
            events.emit('request-failed', { url: url.href, element: el, reason: 'proxy', status: response.status });
            return;
          }
          swapFragment(target, fragment, style);
          /* HX-Push-Url: the address the server names for this answer (the filter form's filter). */
          updateHistory(el, response.headers.get('HX-Push-Url') || response.url || url.href);
          events.emit('answered', { url: url.href, element: el, status: response.status,
                                    retryAfter: response.headers.get('Retry-After') });
        });
      })
      .catch(function (error) {
        done();
        events.release(el);
        if (error && error.name === 'AbortError' && !timedOut) return;
        events.emit('request-failed', { url: url.href, element: el, reason: timedOut ? 'timeout' : 'network' });
      });
  }

  function updateHistory(el, url) {
    var push = attr(el, 'hx-push-url'), replace = attr(el, 'hx-replace-url');
    var value = push && push !== 'false' ? push : replace && replace !== 'false' ? replace : null;
    if (!value) return;
    var href = value === 'true' ? url : value;
    /* The address on screen again (a retry) is no new history entry. */
    var again = new URL(href, location.href).href === location.href;
    if (push && push !== 'false' && !again) history.pushState({ liststate: true }, '', href);
    else history.replaceState({ liststate: true }, '', href);
    shownURL = location.href;
  }

  /* Back or Forward between entries a partial request pushed (a sort chosen in
   * a table header, a cleared search): the address changed but the list did
   * not, so the page is loaded for the address, as htmx does with
   * refreshOnHistoryMiss. `shownURL` is the address the list on screen is for. */
  var shownURL = location.href;
  window.addEventListener('popstate', function () {
    if (location.href !== shownURL) location.reload();
  });

  /* Out-of-band elements, as htmx applies them: top-level or inside <template>. */
  function swapOutOfBand(fragment) {
    function apply(el) {
      var how = attr(el, 'hx-swap-oob');
      var parts = how.split(':');
      var style = how === 'true' ? 'outerHTML' : parts[0];
      var existing = parts[1] ? document.querySelector(parts.slice(1).join(':')) : document.getElementById(el.id);
      el.removeAttribute('hx-swap-oob');
      el.removeAttribute('data-hx-swap-oob');
      if (!existing) { el.remove(); return; }
      if (style === 'innerHTML') existing.replaceChildren.apply(existing, Array.prototype.slice.call(el.childNodes));
      else if (style === 'beforeend') existing.append.apply(existing, Array.prototype.slice.call(el.childNodes));
      else existing.replaceWith(el);
      if (el.isConnected) process(el);
      if (!style || style === 'innerHTML' || style === 'beforeend') el.remove();
    }
    function applyAll(root) {
      var found = root.querySelectorAll('[hx-swap-oob], [data-hx-swap-oob]');
      Array.prototype.forEach.call(found, apply);
      return found.length > 0;
    }
    applyAll(fragment);
    Array.prototype.forEach.call(fragment.querySelectorAll('template'), function (template) {
      if (applyAll(template.content)) template.remove();
    });
  }

  /* An answer's markup, parsed once (for the proxy-page check and the swap alike). */
  function parse(html) {
    var template = document.createElement('template');
    template.innerHTML = html;
    return template.content;
  }
  /* Swaps markup into target the way hx-swap says (also `ListState.swap`, for a page's own scripts). */
  function swap(target, html, style) { swapFragment(target, parse(html), style); }
  /* Swaps a parsed answer (parse) into target the way hx-swap says. */
  function swapFragment(target, fragment, style) {
    /* A <title> at the top of a fragment names the page (as htmx does). */
    Array.prototype.forEach.call(fragment.querySelectorAll('title'), function (title) {
      if (title.parentNode !== fragment) return;
      document.title = title.textContent.trim();
      title.remove();
    });
    swapOutOfBand(fragment);
    var token = events.beforeSwap(target, fragment);
    var nodes = Array.prototype.slice.call(fragment.childNodes);
    if (style === 'outerHTML') target.replaceWith(fragment);
    else if (style === 'beforeend') target.append(fragment);
    else target.replaceChildren(fragment);
    nodes.forEach(function (node) { if (node.nodeType === 1) process(node); });
    events.afterSwap(token);
  }

  /* Keyboard and click on a footer's "Load more" link load in place. */
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element && event.target.closest('#list-footer a[rel="next"]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    var footer = link.closest('#list-footer');
    if (!footer || attr(footer, 'hx-get') === null) return;
    event.preventDefault();
    if (observer) observer.unobserve(footer);
    issue(footer);
  });

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { process(document.body); });
  else process(document.body);

  events.setLoader(issue);
  window.ListState = { process: process, swap: swap, load: issue };
})();
