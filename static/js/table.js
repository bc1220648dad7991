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
})();
