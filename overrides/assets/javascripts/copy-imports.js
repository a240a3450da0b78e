/* The error index (a page whose front matter says error_index: true; overrides/main.html loads
   this there only): a reader comes from search to one entry and copies its code, which ran after
   the page's first block and so lacks `import torch`. Copying a block gives it the import
   statements (as written, also over several lines) of the page's earlier blocks that bind a name
   it uses and does not bind itself, so that the copied text runs on its own. Material's copy
   button copies the data-copy of an element around the code (mkdocs-material 9.8.2 internals:
   docexec/core/thirdparty.py); it is set here, in the click's capture, before Material's
   handler reads it. Outputs are copied as they are. Nothing is fetched. */
(function () {
  "use strict";
  function statements(code) {  // the top-level import statements: their text, as written, and the names they bind
    var lines = code.split("\n"), found = [], rest = [];
    for (var i = 0; i < lines.length; i++) {
      if (!/^(?:import|from)\s/.test(lines[i])) { rest.push(lines[i]); continue; }
      var text = lines[i];
      while (i + 1 < lines.length && (/\\\s*$/.test(lines[i]) || open(text) > 0)) text += "\n" + lines[++i];
      found.push({ text: text, names: bound(text) });
    }
    return { found: found, rest: rest.join("\n") };
  }

  function open(text) {  // brackets not closed yet
    return (text.match(/\(/g) || []).length - (text.match(/\)/g) || []).length;
  }

  function bound(text) {
    var flat = text.replace(/#.*$/gm, "").replace(/[\\()]/g, " ").replace(/\s+/g, " ").trim();
    var from = /^from\s/.test(flat);
    return flat.replace(/^from\s+\S+\s+import\s+/, "").replace(/^import\s+/, "").split(",").map(function (part) {
      var words = part.trim().split(/\s+as\s+/);
      return words.length > 1 ? words[1] : from ? words[0] : words[0].split(".")[0];
    }).filter(Boolean);
  }

  function runnable(code, earlier) {
    var own = statements(code), have = [], lines = [];
    own.found.forEach(function (s) { have = have.concat(s.names); });
    earlier.forEach(function (text) {
      statements(text).found.forEach(function (s) {
        var needed = s.names.some(function (n) {
          return have.indexOf(n) < 0 && new RegExp("(^|[^\\w.])" + n + "\\b").test(own.rest);
        });
        if (needed && lines.indexOf(s.text) < 0) {
          lines.push(s.text);
          have = have.concat(s.names);
        }
      });
    });
    return lines.length ? lines.join("\n") + "\n\n" + code : code;
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest(".md-code__button[data-md-type='copy']");
    var pre = button && button.closest("pre");
    var code = pre && pre.querySelector(":scope > code");
    if (!code || pre.closest(".docexec-output")) return;
    var blocks = Array.prototype.slice.call(
      document.querySelectorAll(".md-content .highlight:not(.docexec-output) > pre > code"));
    // their text, not innerText: a block far from the screen is not drawn (extra.css), and has none
    var earlier = blocks.slice(0, blocks.indexOf(code)).map(function (c) { return c.textContent; });
    pre.setAttribute("data-copy", runnable(code.innerText, earlier));
  }, true);
})();
