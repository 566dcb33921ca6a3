/* ListState automatic retry of a 503 or 504: the source was busy or locked, or
 * the service behind it gave no answer in time (504), and the answer says when
 * to come back (`Retry-After`). Both clients load it after
 * liststate-events.js (liststate.js, or htmx + liststate-htmx.js).
 *
 * What is retried is what the server marked: a retry control in #list with
 * `data-retry-after` (a 503's or 504's retry footer, the unavailable
 * placeholder's button; never a 500's, nor a 502's: a service's own fault).
 * Its request is issued again, as a click on it would (the footer's next page,
 * the region of the address asked for), after the answer's `Retry-After`
 * (seconds or an HTTP-date; the control's own figure on a full page, whose
 * headers a script cannot read), at most 60 s, then doubling on each 503 or
 * 504 in a row up to 5 minutes, plus up to a fifth at random, so clients
 * turned away together do not come back together. Only while the page is
 * visible: a hidden page waits until it is shown. The note beside the
 * control comes from #retry-note-template (the client never invents markup):
 * its words with `{seconds}` left, or `{time}` (data-at) when over a minute. */
(function () {
  'use strict';
  var events = window.ListStateEvents;
  var FIRST_MAX = 60000, MAX = 300000;
  var control = null;   // the marked control the page will activate
  var note = null;      // the note shown beside it
  var due = 0;          // when (Date.now()) it is due
  var timer = 0, ticker = 0;
  var waiting = false;  // due while hidden: retried once shown
  var repeats = 0;      // 503s and 504s in a row: the doubling's exponent

  function marked() {
    var list = document.getElementById('list');
    return list && list.querySelector('[data-retry-after]');
  }

  /* A Retry-After value (RFC 9110 §10.2.3) in milliseconds from now, or null. */
  function delayOf(value) {
    var text = value === null || value === undefined ? '' : String(value).trim();
    if (/^\d+$/.test(text)) return Number(text) * 1000;
    var when = text ? Date.parse(text) : NaN;
    return isNaN(when) ? null : Math.max(0, when - Date.now());
  }

  function cancel() {
    clearTimeout(timer);
    clearInterval(ticker);
    timer = ticker = 0;
    waiting = false;
    control = null;
    if (note) note.remove();
    note = null;
  }

  function showNote() {
    var template = document.getElementById('retry-note-template');
    var shown = template && template.content.querySelector('.retry-note');
    if (!shown || !control) return;
    note = shown.cloneNode(true);
    var words = { seconds: note.textContent, at: note.getAttribute('data-at') || '' };
    note.removeAttribute('data-at');
    control.after(note);
    function update() {
      var left = Math.max(1, Math.round((due - Date.now()) / 1000));
      if (left <= 60 || !words.at) {
        note.textContent = words.seconds.replace('{seconds}', String(left));
      } else {
        var time = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
                                           { hour: 'numeric', minute: '2-digit' }).format(new Date(due));
        note.textContent = words.at.replace('{time}', time);
      }
    }
    update();
    ticker = setInterval(update, 1000);
  }

  /* After an answer (or the page's load): a marked control schedules its retry. */
  function schedule(retryAfter) {
    cancel();
    var found = marked();
    var given = found && (delayOf(retryAfter) !== null ? delayOf(retryAfter) : delayOf(found.getAttribute('data-retry-after')));
    if (given === null || !found) { repeats = 0; return; }
    repeats += 1;
    var delay = Math.min(MAX, Math.min(FIRST_MAX, given) * Math.pow(2, repeats - 1)) * (1 + Math.random() * 0.2);
    control = found;
    due = Date.now() + delay;
    showNote();
    timer = setTimeout(fire, delay);
  }

  function fire() {
    timer = 0;
    if (!control || !control.isConnected) { cancel(); return; }
    if (document.visibilityState === 'hidden') { waiting = true; return; }
    var retrying = control;
    cancel();
    events.load(retrying);
  }

  document.addEventListener('liststate:answered', function (event) {
    var detail = event.detail || {};
    if (detail.status === 503 || detail.status === 504) schedule(detail.retryAfter);
    else if (!marked()) { cancel(); repeats = 0; }
  });
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'visible' && waiting) fire();
  });
  /* The control used by hand: its answer schedules anew. */
  document.addEventListener('click', function (event) {
    if (control && event.target instanceof Element && control.contains(event.target)) cancel();
  }, true);

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', function () { schedule(null); });
  else schedule(null);
})();
