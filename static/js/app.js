/* The desk's small behaviours, kept out of the pages so that the Content-Security-Policy can
   forbid inline scripts: every page is plain HTML that works without this file too. */
(function () {
  "use strict";

  /* <select class="autosubmit">: choosing an option submits its form (turn, standings, language). */
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el.matches && el.matches("select.autosubmit") && el.form) {
      el.form.submit();
    }
  });

  /* <form data-confirm="Question?">: asks before submitting (undo a seating, remove a pair). */
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var question = form.getAttribute && form.getAttribute("data-confirm");
    if (question && !window.confirm(question)) {
      event.preventDefault();
    }
  });

  function ready(fn) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", fn);
    } else {
      fn();
    }
  }

  ready(function () {
    /* <element data-focus="id">: the field that takes the cursor when the page opens. */
    var holder = document.querySelector("[data-focus]");
    if (holder) {
      var field = document.getElementById(holder.getAttribute("data-focus"));
      if (field) {
        field.focus();
        if (field.select) { field.select(); }
      }
    }

    /* Tournament settings: the chosen VP scale's table, and the defaults by deals. */
    var scale = document.getElementById("id_vp_scale");
    if (scale) {
      var showScale = function () {
        document.querySelectorAll("details.scale").forEach(function (d) {
          d.open = d.dataset.scale === scale.value;
          d.hidden = d.dataset.scale !== scale.value;
        });
      };
      scale.addEventListener("change", showScale);
      showScale();
    }
    var deals = document.getElementById("id_deals");
    var minutes = document.getElementById("id_minutes_per_turn");
    var bye = document.getElementById("id_bye_percentage");
    if (deals && minutes && bye) {
      var hints = function () {  /* the server fills these when left empty (Art. 5, Art. 33) */
        minutes.placeholder = {"2": "25", "3": "35", "4": "45"}[deals.value] || "";
        /* the bye follows the scale's edition (its table carries data-bye) */
        var shown = scale && document.querySelector(
          'details.scale[data-scale="' + scale.value + '"]');
        bye.placeholder = shown ? shown.dataset.bye : "";
      };
      deals.addEventListener("change", hints);
      if (scale) { scale.addEventListener("change", hints); }
      hints();
    }
  });
})();
