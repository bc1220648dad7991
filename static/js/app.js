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
      var named = document.getElementById("vp-scale-name");
      var showScale = function () {
        if (named && scale.selectedOptions.length) {  /* the full name, never cut */
          named.textContent = scale.selectedOptions[0].textContent;
        }
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

    slugFromName();
    planRows();
  });

  /* New tournament: the slug follows the name until the referee edits the slug itself. */
  function slugFromName() {
    var name = document.getElementById("id_name");
    var slug = document.getElementById("id_slug");
    if (!name || !slug || slug.disabled || slug.readOnly) { return; }
    var follows = slug.value === "" || slug.value === slugify(name.value);
    slug.addEventListener("input", function () { follows = slug.value === ""; });
    name.addEventListener("input", function () {
      if (follows) { slug.value = slugify(name.value); }
    });
  }

  function slugify(text) {
    var max = 80;
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
      .replace(/['\u2019\u2018`\u00b4]/g, "").replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "").slice(0, max).replace(/-+$/, "");
  }

  /* The plan as rows (movement + number of turns): add, remove, the total of turns. */
  function planRows() {
    var body = document.getElementById("plan-body");
    var add = document.getElementById("plan-add");
    var total = document.getElementById("plan-total");
    if (!body || !add) { return; }
    var count = function () {
      var n = 0;
      body.querySelectorAll("input[name=plan_turns]").forEach(function (input) {
        var v = parseInt(input.value, 10);
        if (v > 0) { n += v; }
      });
      var rows = body.querySelectorAll("tr.plan-row");
      rows.forEach(function (row) {
        row.querySelector(".plan-remove").hidden = rows.length < 2;
      });
      if (total) {
        total.textContent = n + " " + (n === 1 ? total.dataset.one : total.dataset.many);
      }
    };
    add.hidden = false;
    add.addEventListener("click", function () {
      var rows = body.querySelectorAll("tr.plan-row");
      var row = rows[rows.length - 1].cloneNode(true);
      var last = rows[rows.length - 1].querySelector("select").value;
      var select = row.querySelector("select");
      /* a Mitchell block is usually followed by Danish turns */
      select.value = last === "mitchell" && select.querySelector('option[value="danish"]')
        ? "danish" : last;
      row.querySelector("input").value = "";
      body.appendChild(row);
      count();
      row.querySelector("input").focus();
    });
    body.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest(".plan-remove");
      if (button && body.querySelectorAll("tr.plan-row").length > 1) {
        button.closest("tr").remove();
        count();
        add.focus();
      }
    });
    body.addEventListener("input", count);
    count();
  }
})();
