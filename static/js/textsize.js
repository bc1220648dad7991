/* The players' pages: a large-text switch, remembered on this phone (localStorage).
   Loaded in <head> without defer, so the class is on <html> before the page is drawn. */
(function () {
  "use strict";
  var KEY = "burraco-large-text";
  var root = document.documentElement;
  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (e) { return false; }
  }
  function apply(on) {
    root.classList.toggle("large-text", on);
    var button = document.getElementById("text-size");
    if (button) { button.setAttribute("aria-pressed", on ? "true" : "false"); }
  }
  apply(stored());
  function start() {
    var button = document.getElementById("text-size");
    if (!button) { return; }
    button.hidden = false;
    apply(stored());
    button.addEventListener("click", function () {
      var on = !root.classList.contains("large-text");
      try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (e) { /* private mode */ }
      apply(on);
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
