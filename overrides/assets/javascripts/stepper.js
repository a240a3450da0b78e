/* The backward stepper (docexec/render/stepper.py): previous / next buttons and the arrow keys
   walk through a recorded backward pass. Each step's text is the list item the build wrote; it
   is shown in a live region (screen readers read it) and its node and edges are highlighted in
   the picture. Without this script, and in print, the numbered list is shown instead. A graph
   wider than its box (a phone shows it at its drawn size: extra.css) scrolls sideways to bring
   each step's node and edges into view. */
(function () {
  "use strict";
  function start(figure) {
    var steps = figure.querySelectorAll(":scope > ol > li");
    var controls = figure.querySelector(":scope > .docexec-stepper__controls");
    var now = figure.querySelector(":scope > .docexec-stepper__now");
    if (!steps.length || !controls || !now || figure.classList.contains("is-stepping")) return;
    var buttons = controls.querySelectorAll("button");
    var graph = figure.querySelector(":scope > .docexec-stepper__graph");
    var current = 0;
    function follow(smooth) {  // the step's node (with its edges when they fit) in the graph's view
      if (!graph || graph.scrollWidth <= graph.clientWidth + 1) return;
      var box = graph.getBoundingClientRect(), node = steps[current].dataset.node;
      var lo = Infinity, hi = -Infinity, own = null;
      graph.querySelectorAll(".is-active").forEach(function (el) {
        var r = el.getBoundingClientRect();
        lo = Math.min(lo, r.left);
        hi = Math.max(hi, r.right);
        if (el.id === node) own = r;
      });
      if (hi - lo > graph.clientWidth && own) { lo = own.left; hi = own.right; }
      if (lo > hi) return;
      var left = graph.scrollLeft + (lo + hi) / 2 - box.left - graph.clientWidth / 2;
      var still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      graph.scrollTo({ left: left, behavior: smooth && !still ? "smooth" : "auto" });
    }
    function mark(id, name, on) {
      var el = id && figure.querySelector("#" + CSS.escape(id));
      if (el) el.classList.toggle(name, on);
    }
    function show(k) {
      current = Math.max(0, Math.min(steps.length - 1, k));
      steps.forEach(function (li, j) {
        var ids = [li.dataset.node, li.dataset.leaf].concat((li.dataset.edges || "").split(" "));
        ids.forEach(function (id) { mark(id, "is-active", j === current); });
        mark(li.dataset.node, "is-done", j < current);
      });
      var counter = figure.dataset.counter.replace("{n}", current + 1).replace("{total}", steps.length);
      now.innerHTML = "<p class=\"docexec-stepper__counter\"><strong></strong></p>" + steps[current].innerHTML;
      now.querySelector("strong").textContent = counter;
      buttons[0].disabled = current === 0;
      buttons[1].disabled = current === steps.length - 1;
    }
    buttons.forEach(function (button) {
      button.addEventListener("click", function () { show(current + Number(button.dataset.step)); follow(true); });
    });
    figure.addEventListener("keydown", function (event) {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      event.preventDefault();
      show(current + (event.key === "ArrowRight" ? 1 : -1));
      follow(true);
      buttons[event.key === "ArrowRight" ? 1 : 0].focus();
    });
    if (graph && "IntersectionObserver" in window) {  // the first step in view once the graph is near
      var seen = new IntersectionObserver(function (entries) {
        if (!entries[0].isIntersecting) return;
        seen.disconnect();
        follow(false);
      });
      seen.observe(graph);
    }
    window.addEventListener("beforeprint", function () {  // print: the whole list, no step highlighted
      figure.querySelectorAll(".is-active, .is-done").forEach(function (el) {
        el.classList.remove("is-active", "is-done");
      });
    });
    window.addEventListener("afterprint", function () { show(current); });
    figure.tabIndex = -1;
    figure.classList.add("is-stepping");
    controls.hidden = false;
    now.hidden = false;
    show(0);
  }
  function all() { document.querySelectorAll("figure.docexec-stepper").forEach(start); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", all);
  else all();
})();
