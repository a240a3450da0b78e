/* Glossary tooltips: the first use of each glossary term on a page (docexec/render/tooltips.py
   marks it: <span class="docexec-term" tabindex="0" data-term data-lang data-note>) shows the
   term in the other language and its note, on hover, on focus (keyboard) and on tap. One bubble,
   under <body>: inside the content, the blocks drawn only near the screen (extra.css) would clip
   it. Kept inside the window's width; below the term, or above it when there is no room below.
   Escape, a tap elsewhere or leaving the term hides it. No library, nothing fetched. */
(function () {
  "use strict";
  var tip = null, host = null, MARGIN = 16, GAP = 6;  // px; MARGIN: the 0.8rem a side its max-width leaves

  function termOf(node) {
    return node && node.closest ? node.closest(".docexec-term") : null;
  }

  function bubble() {
    if (!tip) {
      tip = document.createElement("div");
      tip.id = "docexec-tip";
      tip.className = "docexec-tip md-typeset";
      tip.setAttribute("role", "tooltip");
      tip.hidden = true;
      document.body.appendChild(tip);
    }
    return tip;
  }

  function show(el, event) {
    if (el === host) return;
    hide();
    var t = bubble(), term = document.createElement("strong");
    term.textContent = el.getAttribute("data-term");
    term.lang = el.getAttribute("data-lang") || "";
    t.replaceChildren(term, document.createTextNode(el.getAttribute("data-note") || ""));
    t.hidden = false;
    host = el;
    el.setAttribute("aria-describedby", t.id);
    place(el, t, event && event.clientX ? event.clientX : null);
  }

  // Below the term (a term broken over two lines: its last line), or above it (its first) when
  // there is no room below; centred on the pointer when there is one, else on that line.
  function place(el, t, pointerX) {
    var rects = el.getClientRects(), box = el.getBoundingClientRect();
    var first = rects.length ? rects[0] : box, last = rects.length ? rects[rects.length - 1] : box;
    var width = document.documentElement.clientWidth, height = window.innerHeight;
    t.style.left = "0px";
    t.style.top = "0px";
    var w = t.offsetWidth, h = t.offsetHeight;
    var up = last.bottom + GAP + h > height - MARGIN && first.top - GAP - h >= MARGIN;
    var line = up ? first : last;
    var centre = pointerX !== null ? pointerX : line.left + line.width / 2;
    var x = Math.max(MARGIN, Math.min(centre - w / 2, width - w - MARGIN));
    var y = up ? first.top - GAP - h : last.bottom + GAP;
    t.style.left = x + window.scrollX + "px";
    t.style.top = y + window.scrollY + "px";
  }

  function hide() {
    if (host) host.removeAttribute("aria-describedby");
    host = null;
    if (tip) tip.hidden = true;
  }

  document.addEventListener("mouseover", function (e) {
    var el = termOf(e.target);
    if (el) show(el, e);
  });
  document.addEventListener("mouseout", function (e) {
    var el = termOf(e.target);
    if (el && el === host && !el.contains(e.relatedTarget) && document.activeElement !== el) hide();
  });
  document.addEventListener("focusin", function (e) {
    var el = termOf(e.target);
    if (el) show(el);
    else hide();
  });
  document.addEventListener("focusout", function (e) {
    var el = termOf(e.target);
    if (el && el === host && !el.matches(":hover")) hide();
  });
  document.addEventListener("click", function (e) {  // a tap: also where a tap does not focus
    var el = termOf(e.target);
    if (el) show(el, e);
    else hide();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") hide();
  });
  window.addEventListener("resize", hide);
})();
