/* The table's phone page: a ± button beside each line's points, since the numeric keypad of
   iOS has no minus key. Kept out of the page for the Content-Security-Policy. */
(function () {
  "use strict";

  function toggle(input) {
    var value = input.value.trim().replace(/^[\u2212+]/, "-");
    input.value = value.charAt(0) === "-" ? value.slice(1) : "-" + value;
    input.dispatchEvent(new Event("input", {bubbles: true}));
    input.focus();
  }

  function ready() {
    document.querySelectorAll("button.sign[data-for]").forEach(function (button) {
      var input = document.getElementById(button.getAttribute("data-for"));
      if (!input || button.dataset.bound) { return; }
      button.dataset.bound = "1";
      button.hidden = false;
      button.addEventListener("click", function () { toggle(input); });
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
  /* htmx swaps the live part of the page: new buttons need their handler */
  document.addEventListener("htmx:afterSettle", ready);
  /* a refusal the page showed without reloading (below) */
  document.addEventListener("table:swapped", ready);
})();

/* Sending a result without losing it on the hall's Wi-Fi (issue 26).

   The page's forms carry a submission key (hidden field `submission`): the server remembers
   the sends it carried out by it, and the same key sent again gets the same answer, never a
   second entry. So the page sends through fetch and, when the network is down or no answer
   comes within 10 s, keeps the form (key and PIN included) in the tab's session storage
   (gone when the tab is closed, never in lasting storage) and sends it again by itself, with
   a growing pause, when the network returns, when the phone is unlocked and after a reload.
   "Sent" is said only once the server answered. Without JavaScript the form posts as before.
   The texts come from the page (data-* of #send-status), translated by Django. */
(function () {
  "use strict";

  var WAITING = "table-send:" + location.pathname;
  var SENT = "table-sent:" + location.pathname;
  var TIMEOUT_MS = 10000;
  var PAUSES_S = [2, 4, 8, 15, 30, 60];
  var inflight = false;
  var timer = null;
  var tries = 0;

  function say(kind) {
    var box = document.getElementById("send-status");
    document.documentElement.setAttribute("data-send", kind || "");
    if (!box) { return; }
    box.hidden = !kind;
    box.textContent = kind ? box.getAttribute("data-" + kind) : "";
    box.className = "send-status" + (kind === "sent" ? "" : " waiting");
  }

  function waiting() {
    try { return JSON.parse(sessionStorage.getItem(WAITING) || "null"); } catch (e) { return null; }
  }

  function keep(fields) {
    try { sessionStorage.setItem(WAITING, JSON.stringify(fields)); } catch (e) { /* full */ }
  }

  function fieldsOf(form, submitter) {
    var data;
    try {
      data = new FormData(form, submitter);
    } catch (e) {
      data = new FormData(form);
      if (submitter && submitter.name) { data.append(submitter.name, submitter.value); }
    }
    var fields = [];
    data.forEach(function (value, name) {
      if (typeof value === "string") { fields.push([name, value]); }
    });
    return fields;
  }

  /* The server answered with a page (a refusal: wrong PIN, "Sei sicuro?", lock): show it. */
  function show(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var live = fresh.getElementById("live");
    var here = document.getElementById("live");
    if (live && here) {
      here.replaceWith(document.importNode(live, true));
    } else {
      document.body.replaceWith(document.importNode(fresh.body, true));
    }
    document.dispatchEvent(new Event("table:swapped"));
    say("");
    document.documentElement.setAttribute("data-send", "answered");
    var alert = document.querySelector("[role=alert]");
    if (alert) { alert.setAttribute("tabindex", "-1"); alert.focus(); }
  }

  function later() {
    inflight = false;
    say("offline");
    clearTimeout(timer);
    timer = setTimeout(send, PAUSES_S[Math.min(tries, PAUSES_S.length - 1)] * 1000);
    tries += 1;
  }

  function send() {
    var fields = waiting();
    if (!fields || inflight) { return; }
    clearTimeout(timer);
    inflight = true;
    var body = new URLSearchParams();
    fields.forEach(function (field) { body.append(field[0], field[1]); });
    var abort = new AbortController();
    var clock = setTimeout(function () { abort.abort(); }, TIMEOUT_MS);
    fetch(location.pathname, {
      method: "POST", body: body, credentials: "same-origin", redirect: "manual",
      signal: abort.signal
    }).then(function (response) {
      if (response.type === "opaqueredirect" || (response.status >= 300 && response.status < 400)) {
        clearTimeout(clock);
        sessionStorage.removeItem(WAITING);
        sessionStorage.setItem(SENT, "1");
        location.replace(location.pathname);  /* the page as the server now has it */
        return null;
      }
      return response.text().then(function (html) {
        clearTimeout(clock);
        sessionStorage.removeItem(WAITING);
        inflight = false;
        tries = 0;
        show(html);
      });
    }).catch(function () {
      clearTimeout(clock);
      later();
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.querySelector || !form.querySelector("input[name=submission]")) { return; }
    event.preventDefault();
    if (inflight) { return; }
    keep(fieldsOf(form, event.submitter));
    tries = 0;
    say("sending");
    send();
  });
  window.addEventListener("online", send);
  window.addEventListener("pageshow", send);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { send(); }
  });

  function start() {
    if (sessionStorage.getItem(SENT)) {
      sessionStorage.removeItem(SENT);
      say("sent");
    }
    if (waiting()) {
      say("offline");
      send();
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
