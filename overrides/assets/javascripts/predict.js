/* Predict, then run (docexec/render/predict.py): a question's Check button (or Enter on a
   choice) says right or wrong in a live region and opens the answer, the block's real output
   and why, and the chosen distractor's own code and output. Progress ("predicted 3 of 5")
   and the predict mode switch are kept in this browser's localStorage only; nothing is sent.
   Without this script, and in print, each question shows its choices and a folded answer.
   Loaded only on pages with a question (overrides/main.html). */
(function () {
  "use strict";
  var KEY = "docexec-predict:", MODE = "docexec-predict-mode";
  var bar = document.querySelector(".docexec-predict-bar");
  var page = bar ? bar.dataset.page : location.pathname;
  var questions = Array.prototype.slice.call(document.querySelectorAll(".docexec-predict"));

  function read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch (e) { return null; }
  }
  function write(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(value));
    } catch (e) { /* storage off: the page still works, it only forgets */ }
  }
  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return name in values ? values[name] : all; });
  }
  var state = read(KEY + page) || {};
  function letter(i) { return "ABCD".charAt(i); }
  function reference() { return bar ? !bar.querySelector(".docexec-predict-bar__mode input").checked : false; }

  function show(q, chosen) {
    var answer = Number(q.dataset.answer), ok = chosen === answer;
    var verdict = q.querySelector(".docexec-predict__verdict");
    q.classList.toggle("is-right", ok);
    q.classList.toggle("is-wrong", !ok);
    q.querySelectorAll(".docexec-predict__choice").forEach(function (label, i) {
      label.classList.toggle("is-chosen", i === chosen);
      label.classList.toggle("is-answer", i === answer);
    });
    verdict.textContent = fill(ok ? verdict.dataset.right : verdict.dataset.wrong,
                               { letter: letter(chosen), right: letter(answer) });
    q.querySelectorAll(".docexec-predict__wrong").forEach(function (el) {
      var mine = Number(el.dataset.choice) === chosen;
      el.hidden = !mine && !reference();
      if (mine && el.tagName === "DETAILS") el.open = true;
    });
    q.querySelector(".docexec-predict__answer").open = true;
  }

  function clear(q) {
    q.classList.remove("is-right", "is-wrong");
    q.querySelectorAll("input[type=radio]").forEach(function (r) { r.checked = false; });
    q.querySelectorAll(".docexec-predict__choice").forEach(function (l) { l.classList.remove("is-chosen", "is-answer"); });
    q.querySelector(".docexec-predict__verdict").textContent = "";
    q.querySelectorAll(".docexec-predict__wrong").forEach(function (el) { el.hidden = false; el.open = false; });
    q.querySelector(".docexec-predict__answer").open = reference();
  }

  function progress() {
    if (!bar) return;
    var out = bar.querySelector(".docexec-predict-bar__progress");
    var done = questions.filter(function (q) { return state[q.dataset.predict]; }).length;
    var text = fill(out.dataset.page, { done: done, total: questions.length });
    var chapter = JSON.parse(bar.dataset.chapter || "{}"), all = 0, sum = 0;
    Object.keys(chapter).forEach(function (other) {
      var saved = other === page ? state : (read(KEY + other) || {});
      all += chapter[other];
      sum += Math.min(chapter[other], Object.keys(saved).length);
    });
    if (Object.keys(chapter).length > 1) text += " · " + fill(out.dataset.chapter, { done: sum, total: all });
    out.textContent = text;
  }

  function check(q) {
    var picked = q.querySelector("input[type=radio]:checked");
    var verdict = q.querySelector(".docexec-predict__verdict");
    if (!picked) { verdict.textContent = verdict.dataset.choose; return; }
    var chosen = Number(picked.value), id = q.dataset.predict;
    state[id] = state[id] || { first: chosen, right: chosen === Number(q.dataset.answer) };
    state[id].last = chosen;
    write(KEY + page, state);
    show(q, chosen);
    progress();
  }

  questions.forEach(function (q) {
    var button = q.querySelector(".docexec-predict__check");
    button.addEventListener("click", function () { check(q); });
    q.querySelectorAll("input[type=radio]").forEach(function (radio) {
      radio.addEventListener("keydown", function (event) {
        if (event.key === "Enter") { event.preventDefault(); check(q); }
      });
    });
    var saved = state[q.dataset.predict];
    if (saved && typeof saved.last === "number") {
      var radio = q.querySelectorAll("input[type=radio]")[saved.last];
      if (radio) { radio.checked = true; show(q, saved.last); }
    }
  });

  if (bar) {
    var mode = bar.querySelector(".docexec-predict-bar__mode input");
    mode.checked = read(MODE) !== "reference";
    var apply = function () {
      document.documentElement.classList.toggle("docexec-reference", reference());
      questions.forEach(function (q) {
        var answered = state[q.dataset.predict];
        q.querySelector(".docexec-predict__answer").open = reference() || Boolean(answered);
        if (reference()) q.querySelectorAll(".docexec-predict__wrong").forEach(function (el) { el.hidden = false; });
      });
    };
    mode.addEventListener("change", function () {
      write(MODE, reference() ? "reference" : null);
      apply();
    });
    bar.querySelector(".docexec-predict-bar__reset").addEventListener("click", function () {
      state = {};
      write(KEY + page, null);
      questions.forEach(clear);
      progress();
    });
    apply();
    progress();
  }
})();
