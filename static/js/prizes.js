/* The desk's prize table: a button adding a blank row (the formset's empty row, numbered on),
   and a removed row greyed out. Without this script the table still works: it comes with
   blank rows and a box to remove each row. Kept out of the page for the Content-Security-Policy. */
(function () {
  "use strict";

  function mark(box) {
    var row = box.closest("tr");
    if (row) { row.classList.toggle("removed", box.checked); }
  }

  function ready() {
    var table = document.getElementById("prize-rows");
    var template = document.getElementById("prize-row-template");
    var button = document.getElementById("add-prize-row");
    var total = document.getElementById("id_prizes-TOTAL_FORMS");
    if (!table || !template || !button || !total) { return; }
    var body = table.tBodies[0];
    body.addEventListener("change", function (event) {
      if (event.target.classList.contains("remove")) { mark(event.target); }
    });
    body.querySelectorAll("input.remove").forEach(mark);
    button.hidden = false;
    button.addEventListener("click", function () {
      var index = parseInt(total.value, 10);
      var html = template.innerHTML.replace(/__prefix__/g, String(index));
      body.insertAdjacentHTML("beforeend", html);
      var row = body.rows[body.rows.length - 1];
      row.querySelector(".row-number").textContent = String(index + 1);
      total.value = String(index + 1);
      var first = row.querySelector("input[type=text]");
      if (first) { first.focus(); }
    });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", ready);
  } else {
    ready();
  }
})();
