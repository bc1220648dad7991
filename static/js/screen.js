/* The big screen: cycles through the slides a screenful of rows at a time, 10 seconds each. */
(function () {
  "use strict";
  var step = 0;
  // A row's height follows the screen's text size (static/css/screen.css): about two lines'
  // height of the body text, names and padding included.
  function rowHeight() {
    return parseFloat(window.getComputedStyle(document.body).fontSize) * 2;
  }
  function pages() {
    var out = [];
    document.querySelectorAll("#live .slide").forEach(function (slide) {
      var rows = slide.querySelectorAll("tbody tr");
      var per = Math.max(5, Math.floor((window.innerHeight * 0.8) / rowHeight()));
      for (var i = 0; i < Math.max(rows.length, 1); i += per) { out.push([slide, i, i + per]); }
    });
    return out;
  }
  function show() {
    var all = pages();
    if (!all.length) { return; }
    var cur = all[step % all.length];
    step++;
    document.querySelectorAll("#live .slide").forEach(function (s) { s.classList.remove("on"); });
    cur[0].classList.add("on");
    cur[0].querySelectorAll("tbody tr").forEach(function (r, i) {
      r.hidden = !(i >= cur[1] && i < cur[2]);
    });
  }
  function start() {
    show();
    setInterval(show, 10000);
    document.body.addEventListener("htmx:afterSwap", function () { step = Math.max(step - 1, 0); show(); });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
