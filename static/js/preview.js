/* Hover (or keyboard focus) on a card link shows a small preview of the card,
   fetched once from the link's data-preview URL (an HTML fragment). */
(function () {
  "use strict";
  var cache = {}, pop = null, current = null, showTimer = null, hideTimer = null;

  function popup() {
    if (!pop) {
      pop = document.createElement("div");
      pop.className = "preview-pop";
      pop.setAttribute("role", "tooltip");
      pop.id = "card-preview";
      pop.hidden = true;
      pop.addEventListener("mouseenter", function () { clearTimeout(hideTimer); });
      pop.addEventListener("mouseleave", scheduleHide);
      document.body.appendChild(pop);
    }
    return pop;
  }

  function place(link) {
    var box = link.getBoundingClientRect();
    var el = popup();
    var width = el.offsetWidth || 320;
    var left = Math.max(8, Math.min(window.scrollX + box.left, window.scrollX + document.documentElement.clientWidth - width - 8));
    var below = box.bottom + 8 + el.offsetHeight < window.innerHeight || box.top < el.offsetHeight + 8;
    el.style.left = left + "px";
    el.style.top = (below ? window.scrollY + box.bottom + 6 : window.scrollY + box.top - el.offsetHeight - 6) + "px";
  }

  function show(link) {
    var url = link.getAttribute("data-preview");
    current = link;
    var load = cache[url] || (cache[url] = fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.text();
    }));
    load.then(function (html) {
      if (current !== link) return;
      var el = popup();
      el.innerHTML = html;  // our own server-rendered, escaped fragment
      el.hidden = false;
      link.setAttribute("aria-describedby", el.id);
      place(link);
    }).catch(function () { delete cache[url]; });
  }

  function hide() {
    if (pop) pop.hidden = true;
    if (current) current.removeAttribute("aria-describedby");
    current = null;
  }

  function scheduleHide() {
    clearTimeout(showTimer);
    hideTimer = setTimeout(hide, 150);
  }

  function linkFrom(event) {
    var target = event.target;
    return target && target.closest ? target.closest("a[data-preview]") : null;
  }

  function enter(event) {
    var link = linkFrom(event);
    if (!link) return;
    clearTimeout(hideTimer);
    clearTimeout(showTimer);
    showTimer = setTimeout(function () { show(link); }, 120);
  }

  function leave(event) {
    if (linkFrom(event)) scheduleHide();
  }

  document.addEventListener("mouseover", enter);
  document.addEventListener("mouseout", leave);
  document.addEventListener("focusin", enter);
  document.addEventListener("focusout", leave);
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") hide(); });
})();
