/* The sandbox's partial updates: post a table form in the background and swap
   the table (#sandbox) for the fragment the server answers. Without this file
   the same forms post normally and the server redirects back to the table. */
(function () {
  "use strict";

  function swap(html) {
    var box = document.getElementById("sandbox");
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.querySelector("#sandbox");
    if (!box || !fresh) return false;
    box.replaceWith(fresh);
    var alert = fresh.querySelector("[role=alert]");
    if (alert) {
      alert.setAttribute("tabindex", "-1");
      alert.focus({preventScroll: false});
    }
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-sandbox]") || !window.fetch || !window.FormData) return;
    event.preventDefault();
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) {
      data.append(event.submitter.name, event.submitter.value);
    }
    var box = document.getElementById("sandbox");
    if (box) box.setAttribute("aria-busy", "true");
    // form.action would be the hidden input named "action": read the attribute.
    fetch(form.getAttribute("action"), {
      method: "POST", body: data, credentials: "same-origin",
      headers: {"X-Sandbox-Fragment": "1"}
    }).then(function (response) {
      return response.text().then(function (text) {
        if (response.status === 404 || !swap(text)) window.location.reload();
      });
    }).catch(function () {
      form.submit();  // offline or blocked: fall back to the plain post
    });
  });
})();
