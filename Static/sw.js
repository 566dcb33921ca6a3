/* ListState service worker, served at /sw.js (scope: the whole site).
 *
 * Registered by liststate-offline.js as /sw.js?v=BUILD, where BUILD is the
 * server's bundle version (<meta name="liststate-build">). The cache is named
 * after it: a server with another bundle registers a new worker, which takes
 * over at once and deletes the caches of older versions.
 *
 * - Install: precache the shell — stylesheets, scripts, illustrations and the
 *   offline page (/-/offline, in the language Accept-Language chose, and in
 *   each language the server speaks: /-/offline?lang=zh-Hans, …).
 * - Navigations: network first; with no response at all, the offline page
 *   (its retry reloads the address), in the language the address names with
 *   `lang` when it names one (found by QA: a page read with ?lang=zh-Hans went
 *   offline in English). HTML is never cached or served from cache
 *   as if it were fresh.
 * - The shell's files: network first too (so a changed file is never served
 *   stale), from the cache only when the network gives no response.
 * - Everything else (the list's partial requests) is not touched: a request
 *   that fails reaches the page as a network error, and the page shows its
 *   own offline state. */
'use strict';

var VERSION = new URL(self.location.href).searchParams.get('v') || 'dev';
/* The site's path prefix (--base-path): the worker lives at BASE/sw.js. */
var BASE = new URL(self.location.href).pathname.replace(/\/sw\.js$/, '');
/* Each site on the origin keeps and cleans up only its own caches (found by QA:
 * two sites under /a/ and /b/ deleted each other's): the name holds the site's
 * path, and no site's prefix ("liststate-shell-%2Fa-") begins another's. */
var PREFIX = 'liststate-shell-' + encodeURIComponent(BASE || '/') + '-';
var CACHE = PREFIX + VERSION;
var OFFLINE_PAGE = BASE + '/-/offline';
/* The languages of `lang` (Sources/ListState/Localization/Language.swift). */
var LANGUAGES = ['en', 'zh-Hans', 'zh-Hant'];
var SHELL = ['/-/offline'].concat(LANGUAGES.map(function (tag) { return '/-/offline?lang=' + tag; }), [
  '/static/liststate.css', '/static/liststate-interaction.css', '/-/placeholders.css',
  '/static/liststate-events.js', '/static/liststate.js', '/static/liststate-offline.js', '/static/liststate-retry.js',
  '/static/liststate-position.js',
  '/static/favicon.svg',
  '/static/illustrations/offline.svg', '/static/illustrations/error.svg', '/static/illustrations/unavailable.svg',
  '/static/illustrations/loading.svg', '/static/illustrations/no-data.svg', '/static/illustrations/no-results.svg',
  '/static/illustrations/not-found.svg'
]).map(function (path) { return BASE + path; });

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(SHELL.map(function (url) { return new Request(url, { cache: 'reload' }); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf(PREFIX) === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function isShell(url) {
  return url.pathname.indexOf(BASE + '/static/') === 0 || url.pathname === BASE + '/-/placeholders.css';
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET') return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    var lang = url.searchParams.get('lang');
    var offlinePage = LANGUAGES.indexOf(lang) >= 0 ? OFFLINE_PAGE + '?lang=' + lang : OFFLINE_PAGE;
    event.respondWith(fetch(request).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(offlinePage); })
        .then(function (page) { return page || Response.error(); });
    }));
  } else if (isShell(url)) {
    event.respondWith(caches.open(CACHE).then(function (cache) {
      return fetch(request).then(function (response) {
        if (response.ok && response.type === 'basic') cache.put(request, response.clone());
        return response;
      }, function () {
        return cache.match(request, { ignoreSearch: true }).then(function (hit) { return hit || Response.error(); });
      });
    }));
  }
});
