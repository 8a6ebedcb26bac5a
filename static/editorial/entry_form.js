/* The entry form in the admin knows the game: it offers the chosen game's types,
   hides the attributes that do not apply to the chosen type (the server refuses
   them too, see cardsite/admin.py EntryForm.clean) and lists the game's keywords.
   No inline script: the data comes in data-* attributes on the form's widgets. */
(function () {
  "use strict";
  var ATTRIBUTES = ["glyph", "symbol", "initiative", "cost", "vp", "body", "mind", "strength"];

  function setUp() {
    var type = document.getElementById("id_type");
    var game = document.getElementById("id_game");
    var kind = document.getElementById("id_kind");
    if (!type || !game || !type.dataset.applicability) return;
    var byGame = JSON.parse(type.dataset.applicability);
    var keywordInput = document.getElementById("id_keywords");
    var keywordsByGame = keywordInput && keywordInput.dataset.keywords ? JSON.parse(keywordInput.dataset.keywords) : {};
    var keywordNote = null;
    if (keywordInput) {
      keywordNote = document.createElement("p");
      keywordNote.className = "help game-keywords";
      var box = keywordInput.closest(".flex-container");
      (box ? box.parentNode : keywordInput.parentNode).appendChild(keywordNote);
    }

    function row(name) {
      return document.querySelector(".form-row.field-" + name) ||
        (document.getElementById("id_" + name) || {}).closest && document.getElementById("id_" + name).closest(".form-row");
    }

    function update() {
      var data = byGame[game.value];
      Array.prototype.forEach.call(type.querySelectorAll("optgroup"), function (group) {
        var mine = !data || group.label === data.label || group.label === "(not listed)";
        group.hidden = !mine;
        group.disabled = !mine;
      });
      if (type.selectedOptions.length && type.selectedOptions[0].parentNode.disabled) type.value = "";
      var applies = null;
      if (data) {
        applies = data.types[type.value] || data.kinds[kind ? kind.value : ""] || data.attributes;
      }
      ATTRIBUTES.forEach(function (name) {
        var r = row(name);
        var input = document.getElementById("id_" + name);
        if (!r || !input) return;
        var off = applies !== null && applies.indexOf(name) === -1;
        // a value already there stays visible, so the editor sees the server's message
        r.hidden = off && !input.value;
        r.classList.toggle("not-applicable", off);
      });
      if (keywordNote) {
        var words = data ? keywordsByGame[game.value] || [] : [];
        keywordNote.textContent = words.length ? "Keywords of " + data.label + ": " + words.join(", ") : "";
      }
    }

    [type, game, kind].forEach(function (el) { if (el) el.addEventListener("change", update); });
    update();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
