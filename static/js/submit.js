// The "Check your card" page: poll the machine's draft until it is done, fill the fields
// the sender has left empty (marked "read by machine — check"), and refresh the near
// duplicates when the name changes. Text is set as values and textContent, never as HTML.
(function () {
  "use strict";
  const page = document.querySelector(".submission-draft");
  if (!page) return;
  const url = page.dataset.poll;
  const form = page.querySelector("form");
  const statusBox = page.querySelector(".machine-status");
  const MESSAGES = {
    done: "Fields marked “read by machine — check” come from the photo: compare them with the card.",
    unavailable: "Machine reading is not available on this server: fill the fields yourself.",
    failed: "The photo could not be read by machine: fill the fields yourself.",
  };

  function showDuplicates(dups) {
    const box = page.querySelector(".duplicates");
    const list = box.querySelector(".dup-list");
    list.replaceChildren();
    for (const e of dups.entries) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = e.url; a.textContent = e.name;
      li.append(a, " (on the site)");
      list.append(li);
    }
    for (const s of dups.submissions) {
      const li = document.createElement("li");
      li.textContent = `${s.name}: sent before (${s.why}), ${s.status.toLowerCase()}`;
      list.append(li);
    }
    box.hidden = !(dups.entries.length || dups.submissions.length);
  }

  function fill(fields) {
    if (!form) return;
    for (const [name, item] of Object.entries(fields)) {
      const input = form.elements[name];
      if (!input || input.value) continue;
      input.value = item.value;
      const mark = form.querySelector(`[data-field="${name}"] .machine-mark`);
      if (mark) mark.hidden = false;
    }
  }

  function showAbilities(lines) {
    const box = page.querySelector(".drafted");
    if (!box) return;
    const list = box.querySelector(".drafted-lines");
    list.replaceChildren(...lines.map((line) => {
      const li = document.createElement("li"); li.textContent = line; return li;
    }));
    box.hidden = !lines.length;
  }

  async function poll(delay) {
    const name = form && form.elements.name ? form.elements.name.value : "";
    let data;
    try {
      const response = await fetch(`${url}?name=${encodeURIComponent(name)}`,
                                   {headers: {Accept: "application/json"}});
      data = await response.json();
    } catch (error) {
      setTimeout(() => poll(Math.min(delay * 2, 10000)), delay);
      return;
    }
    showDuplicates(data.duplicates);
    if (data.finished) {
      fill(data.fields);
      showAbilities(data.abilities);
      statusBox.textContent = MESSAGES[data.status] || data.label;
      statusBox.dataset.status = data.status;
      page.dataset.reading = data.status;
    } else {
      setTimeout(() => poll(Math.min(delay * 1.5, 5000)), delay);
    }
  }

  if (page.dataset.reading === "queued" || page.dataset.reading === "running") poll(800);
  if (form && form.elements.name) {
    let timer;
    form.elements.name.addEventListener("input", () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const response = await fetch(`${url}?name=${encodeURIComponent(form.elements.name.value)}`);
        showDuplicates((await response.json()).duplicates);
      }, 400);
    });
  }
})();
