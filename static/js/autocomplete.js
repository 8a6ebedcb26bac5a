/* Card-name suggestions for search boxes with data-autocomplete="<url>".
   The form still submits normally; this only offers names as you type.
   Keys: Down/Up move, Enter opens the chosen card, Escape closes. */
(function () {
  "use strict";
  var counter = 0;

  function setup(input) {
    var url = input.getAttribute("data-autocomplete");
    var list = document.createElement("ul");
    var id = "ac-" + (++counter);
    var items = [], active = -1, timer = null, lastQuery = null, controller = null;
    list.id = id;
    list.className = "ac-list";
    list.setAttribute("role", "listbox");
    list.hidden = true;
    input.parentNode.appendChild(list);
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-controls", id);

    function close() {
      list.hidden = true;
      active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }

    function highlight(index) {
      var nodes = list.children;
      for (var i = 0; i < nodes.length; i++) {
        nodes[i].setAttribute("aria-selected", i === index ? "true" : "false");
      }
      active = index;
      if (index >= 0) {
        input.setAttribute("aria-activedescendant", nodes[index].id);
        nodes[index].scrollIntoView({block: "nearest"});
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function render(results) {
      // Newer results can arrive after the player has picked one with the arrow
      // keys (a slow answer to the last letter typed): the pick stays picked.
      var picked = active >= 0 && items[active] ? items[active].url : null;
      items = results;
      list.textContent = "";
      results.forEach(function (item, i) {
        var li = document.createElement("li");
        var name = document.createElement("span");
        var game = document.createElement("span");
        li.id = id + "-" + i;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        name.textContent = item.name;
        game.className = "ac-game";
        game.textContent = item.game_name || item.game;
        li.appendChild(name);
        li.appendChild(game);
        li.addEventListener("mousedown", function (event) {
          event.preventDefault();  // keep focus; navigate on the click itself
          window.location.href = item.url;
        });
        list.appendChild(li);
      });
      if (results.length) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
        active = -1;
        for (var k = 0; k < results.length; k++) {
          if (results[k].url === picked) { highlight(k); break; }
        }
      } else {
        close();
      }
    }

    function fetchSuggestions() {
      var q = input.value.trim();
      if (q === lastQuery) return;
      lastQuery = q;
      if (q.length < 2) { render([]); return; }
      if (controller) controller.abort();
      controller = new AbortController();
      fetch(url + "?q=" + encodeURIComponent(q), {signal: controller.signal, headers: {Accept: "application/json"}})
        .then(function (r) { return r.ok ? r.json() : {results: []}; })
        .then(function (data) { if (input.value.trim() === q) render(data.results || []); })
        .catch(function () { /* aborted or offline: the plain search still works */ });
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(fetchSuggestions, 120);
    });
    input.addEventListener("keydown", function (event) {
      if (list.hidden) return;
      if (event.key === "ArrowDown") {
        event.preventDefault();
        highlight(Math.min(active + 1, items.length - 1));
      } else if (event.key === "ArrowUp") {
        event.preventDefault();
        highlight(Math.max(active - 1, -1));
      } else if (event.key === "Enter" && active >= 0) {
        event.preventDefault();
        window.location.href = items[active].url;
      } else if (event.key === "Escape") {
        close();
      }
    });
    input.addEventListener("blur", function () { setTimeout(close, 150); });
  }

  document.querySelectorAll("input[data-autocomplete]").forEach(setup);
})();
