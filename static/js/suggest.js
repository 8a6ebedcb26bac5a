// "Suggest a correction": a field with a fixed list (an entry's type, its glyph) is picked
// from that list instead of typed. Without this script the text box stays, the lists are
// named under it, and the server matches what is typed (case, spacing, aliases).
(function () {
  "use strict";
  var form = document.querySelector(".suggest-form");
  if (!form) return;
  var field = form.querySelector("select[name=field]");
  var text = form.querySelector("textarea[name=proposed_value]");
  var lists = Array.prototype.slice.call(form.querySelectorAll(".fixed-choice"));
  if (!field || !text || !lists.length) return;
  var textBox = text.closest(".field");

  function sync() {
    var fixed = false;
    lists.forEach(function (box) {
      var on = box.getAttribute("data-field") === field.value;
      box.hidden = !on;
      box.querySelector("select").disabled = !on;
      fixed = fixed || on;
    });
    text.disabled = fixed;
    textBox.hidden = fixed;
  }

  field.addEventListener("change", sync);
  sync();
})();
