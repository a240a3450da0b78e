/* The site's search, fixes to Material 9.8.2 (docexec/site/search.py, AUTHORING.md "Search").
 *
 * 1. Chinese queries. Material cuts a run of Han characters into the index's words, but never
 *    lets a word end on the run's last character (segment() in its search worker), so 梯度裁剪
 *    is searched as 梯度* (and finds 梯度累加), and 矩阵乘法的梯度 loses 梯度. Each query is cut
 *    here first, into the longest words of the index's titles (read from the index Material
 *    sends its worker), each followed by one character no word has, which Material then drops;
 *    a word (of two characters or more) is searched as it is, the last too (梯度, not 梯度检查点
 *    nor 梯度累积: no trailing wildcard), and a run's end that only starts words (二阶导, being
 *    typed) as those words (二阶导数). Its other words are also searched as they are, weighted:
 *    Material's wildcard scores dirty as high as dir; a name in code the site has (retain_graph)
 *    must have every part in a result; "vs" is not looked for.
 * 2. The highlight on the page a result opens: Material marks every letter of a pasted message
 *    ("a", "of"...), sends an empty ?h= for a page, and 梯度 for 梯度累加. Here ?h= holds the
 *    query's words: at least two characters (Chinese words at any length), no stop-words,
 *    identifiers and Chinese words whole; and only whole words are marked (requires_grad and
 *    gradient are not grad), there and in the results' previews.
 * 3. The results: their titles leave out the other names a title is also indexed under (an
 *    error entry's message, a glossary term's other names, a Chinese section's English anchor:
 *    after ALIAS, docexec/site/ranking.py); an entry whose title says more of the query's words
 *    comes before one that says fewer (rerank).
 * 4. A query pasted (long-press, no key) or committed by an input method (compositionend) is
 *    searched at once: Material reads the field on its key and focus events only.
 *
 * No dependency, no request of its own (but the index again, from the browser's cache, when
 * Material set its worker up before this script ran); deferred after Material's bundle, whose
 * worker gets the index only once the reader reaches for search. Works from file:// too.
 */
(function () {
  "use strict";
  /* ---- mkdocs-material==9.8.2 internals ----------------------------------------------------
   * Its undocumented names, used only through MD; tests/test_thirdparty.py checks each. */
  var MD = {
    SETUP: 0, // to the worker: {type, data: the index}
    QUERY: 2, // to the worker: {type, data: the query}
    RESULT: 3, // from the worker: {type, data: {items: [[{location, title, score}, ...], ...]}}
    INDEX_SCRIPT: "__index", // search_index.js's global (file://)
    CONFIG: "__config", // the page's JSON config, with base
    INDEX: "search/search_index.json",
    FIELD: "input.md-search__input",
    RESULTS: ".md-search-result__list",
    RESULT_LINK: "a.md-search-result__link",
    CONTENT: "[data-md-component=content]",
    HIGHLIGHT: "data-md-highlight", // on its highlight's <mark>
    SOURCE_FILE: ".md-source-file", // the facts under a page
    ARTICLE: "article.md-search-result__article", // a result: its title (h1, h2) and preview
    QUERY_EVENT: "keyup" // on the field: Material reads its value then (and on focus)
  };
  /* ---- end of mkdocs-material internals ---- */
  var HAN = /\p{sc=Han}+/gu, HAS_HAN = /\p{sc=Han}/u;
  var END = "\u9fa5"; // 龥: no word of the site's index holds it (Material drops it)
  var ALIAS = "\ufeff"; // before the other names of a search title (docexec/site/ranking.py ALIAS)
  var CONNECTIVES = new Set(["vs", "versus"]); // "no_grad vs eval": not a word to look for
  // lunr's English stop-words (those Material's search would drop), and Chinese particles
  var STOP = new Set(("a able about across after all almost also am among an and any are as at be because been " +
    "but by can cannot could dear did do does either else ever every for from get got had has have he her hers " +
    "him his how however i if in into is it its just least let like likely may me might most must my neither no " +
    "nor not of off often on only or other our own rather said say says she should since so some than that the " +
    "their them then there these they this tis to too twas us wants was we were what when where which while who " +
    "whom why will with would yet you your 的 了 和 与 及 或 是 在 把 被 对 从 到 也 都 就 而 之 吗 呢 个").split(" "));
  var words = null; // the Han words of the language's index, once Material has sent it to its worker
  var separator = null; // the index's (mkdocs.yml's), with the words
  var haystack = ""; // the index's titles and text, lower case: which names in code it has

  function learn(index) {
    var docs = index.docs, all = [];
    separator = new RegExp(index.config.separator);
    words = new Set();
    for (var i = 0; i < docs.length; i++) {
      var runs = (docs[i].title || "").match(HAN); // titles only: a word only the text (or the
      if (runs) for (var j = 0; j < runs.length; j++) words.add(runs[j]); // glossary's table) has
      all.push(docs[i].title, docs[i].text);        // stays Material's to cut, as a prefix
    }
    haystack = all.join(" ").replace(/\u200b/g, "").toLowerCase();
  }

  // The words of the titles that start with ``start`` (二阶导: 二阶导数), the shortest first.
  function completions(start) {
    var found = [];
    words.forEach(function (w) { if (w.length > start.length && w.startsWith(start)) found.push(w); });
    return found.sort(function (a, b) { return a.length - b.length || (a < b ? -1 : 1); }).slice(0, 3);
  }

  // A run of Han characters as the index's longest words, left to right; its end, when it only
  // starts words, as those words; characters no word starts with stay together (Material then
  // searches them as a prefix, as before).
  function cut(run) {
    var parts = [], rest = "";
    for (var i = 0; i < run.length;) {
      var j = run.length;
      while (j > i && !words.has(run.slice(i, j))) j--;
      var whole = run.length - i >= 2 && j < run.length ? completions(run.slice(i)) : [];
      if (whole.length) {
        if (rest) parts.push({ text: rest, word: false });
        whole.forEach(function (w) { parts.push({ text: w, word: true }); });
        return parts;
      }
      if (j - i >= 2) { // a word of one character (器 of 优化器) would split 调度器
        if (rest) parts.push({ text: rest, word: false });
        parts.push({ text: run.slice(i, j), word: true });
        rest = "";
        i = j;
      } else {
        rest += run[i++];
      }
    }
    if (rest) parts.push({ text: rest, word: false });
    return parts;
  }

  // The query as the worker gets it. Material adds a trailing wildcard to every word and scores
  // a word that only starts with it (dirty, norm, gradcheck) as high as the word itself (dir,
  // no, grad): here each word of two letters or more, not a stop-word, is also searched as it
  // is and weighted (word^3); and a word of a name in code (no in no_grad, torch in torch.mm)
  // only as it is, but the query's last (maybe still being typed); a name of two parts or more
  // that the site has must have every part in a result (retain_graph: not a page on graphs).
  // Chinese: cut into words, each searched as it is (weighted), the last too: 矩阵乘法的梯度's
  // 梯度* found 梯度累加 and its other name 梯度累积 (two title words) before 矩阵乘法的梯度.
  var EXACT = 3;
  var CODE = /[\p{sc=Latin}\p{N}_']+(?:\.[\p{sc=Latin}\p{N}_']+)*(?:\(\))?/gu;
  function segmented(query) {
    // lunr's own marks (a wildcard, a boost, a field, presence) typed or pasted ("(*args)" of an
    // error message: a lone * made the query invalid, no result) are no query syntax here
    query = query.replace(/[*^~+:]/g, " ");
    var end = query.replace(/[\s)]+$/, "").length;
    var out = query.replace(CODE, function (chunk, at) {
      var parts = chunk.split(separator).filter(Boolean), last = at + chunk.length >= end;
      if (parts.length === 1 && CONNECTIVES.has(parts[0].toLowerCase())) return " ";
      var code = parts.length > 1 || /^[_.]|\(\)$/.test(chunk);
      var known = /^[\p{L}\p{N}]+(?:[_.]+[\p{L}\p{N}]+)+_?(?:\(\))?$/u.test(chunk) &&
        haystack.indexOf(chunk.replace(/\(\)$/, "").toLowerCase()) >= 0;
      return " " + parts.map(function (w, i) {
        var exact = w + "^" + EXACT, final = last && i === parts.length - 1 && !/\(\)$/.test(chunk);
        if (known) return final ? "+" + w + "* " + exact : "+" + exact;
        if (code && !final) return exact;
        return w.length >= 2 && !/^\d+$/.test(w) && !STOP.has(w.toLowerCase()) ? w + " " + exact : w;
      }).join(" ") + " ";
    });
    return !words ? out : out.replace(HAN, function (run) {
      return " " + cut(run).map(function (p) { return p.word ? p.text + END + "^" + EXACT : p.text; }).join(" ") + " ";
    });
  }

  // The index Material sends its worker (type 0: set-up) gives the words; each query (type 2)
  // is cut with them. Should the set-up have gone before this script ran (a page opened from a
  // search asks for the index at once), the index comes again, from the browser's cache (or,
  // from file://, the script Material loaded), and the query waits for it.
  var send = Worker.prototype.postMessage; // the offline copy's iframe-worker stands in as Worker
  var waiting = null;
  var asked = ""; // the query as typed, for its results
  Worker.prototype.postMessage = function (message) {
    var worker = this;
    if (message && message.type === MD.SETUP && message.data && message.data.docs) learn(message.data);
    if (!(message && message.type === MD.QUERY && typeof message.data === "string"))
      return send.apply(worker, arguments);
    asked = message.data;
    if (!words && window[MD.INDEX_SCRIPT]) learn(window[MD.INDEX_SCRIPT]);
    if (words) return send.call(worker, { type: MD.QUERY, data: segmented(message.data) });
    if (!waiting) {
      var config = JSON.parse(document.getElementById(MD.CONFIG).textContent);
      var index = new URL(MD.INDEX, new URL(config.base, location.href));
      fetch(index).then(function (r) { return r.json(); }).then(learn).then(function () {
        send.call(waiting.worker, { type: MD.QUERY, data: segmented(waiting.query) });
      }, function () { send.call(waiting.worker, { type: MD.QUERY, data: waiting.query }); });
    }
    waiting = { worker: worker, query: message.data }; // only the latest query is answered
  };

  // Material's scores, then: an entry whose title (with its other names) says more of the
  // query's words comes first (score times (1 + the share it says)²). Material weighs each word
  // by how rare it is, so "backward twice" found the one title that says twice (an error's
  // message) before the one that says both (同一张图反向传播两次); its own boost for the words
  // a result has counts the text too.
  function rerank(data) {
    var wanted = terms(asked).map(function (t) {
      var e = t.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      var name = /[._]/.test(t) ? "(?![\\p{L}\\p{N}_])" : ""; // torch.autograd.Function: not .functional
      return new RegExp(HAS_HAN.test(t) ? e : "(?<![\\p{L}\\p{N}_])" + e + name, "u");
    });
    if (!wanted.length || !data || !Array.isArray(data.items)) return data;
    var items = data.items.map(function (group) {
      return group.map(function (item) {
        var title = String(item.title).replace(/<[^>]*>|\u200b/g, "").toLowerCase();
        var share = wanted.filter(function (w) { return w.test(title); }).length / wanted.length;
        return Object.assign({}, item, { score: item.score * (1 + share) * (1 + share) });
      }).sort(function (a, b) { return b.score - a.score; });
    }).sort(function (a, b) { return b[0].score - a[0].score; });
    return Object.assign({}, data, { items: items });
  }

  // Material's bundle listens to its worker before this script runs: the results are ranked
  // again as Material reads them, off the message (and its own reading's only: a cache).
  var ranked = new WeakMap(), data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, "data");
  if (data && data.get) Object.defineProperty(MessageEvent.prototype, "data", {
    configurable: true, enumerable: data.enumerable, get: function () {
      var value = data.get.call(this);
      if (!(value && value.type === MD.RESULT && this.target instanceof Worker)) return value;
      if (!ranked.has(this)) ranked.set(this, { type: value.type, data: rerank(value.data) });
      return ranked.get(this);
    }
  });

  // The words a query highlights: identifiers (retain_grad, torch.autograd.grad) and Chinese
  // words whole; no stop-word, nothing under two characters but Chinese, no bare number.
  function terms(query) {
    var found = [];
    var parts = query.match(/\p{sc=Han}+|[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*/gu) || [];
    parts.forEach(function (part) {
      if (HAS_HAN.test(part)) {
        (words ? cut(part) : [{ text: part }]).forEach(function (p) {
          if (!STOP.has(p.text)) found.push(p.text);
        });
      } else if (part.length >= 2 && !STOP.has(part.toLowerCase()) && !CONNECTIVES.has(part.toLowerCase()) &&
                 !/^[\d_.]+$/.test(part)) {
        found.push(part);
      }
    });
    return found.filter(function (t, i) { return found.indexOf(t) === i; });
  }

  // Result links carry the query's words as ?h= (or nothing): Material's search.highlight is off.
  function tag(list) {
    var field = document.querySelector(MD.FIELD);
    var wanted = terms(field ? field.value : "").join(" ");
    list.querySelectorAll(MD.RESULT_LINK).forEach(function (link) {
      var url = new URL(link.href);
      if (wanted) url.searchParams.set("h", wanted); else url.searchParams.delete("h");
      if (url.href !== link.href) link.href = url.href;
    });
  }

  // Mark the words of ``list`` in ``content``, each occurrence that is a whole word (or the
  // word and a plural s: tensors for tensor); Chinese words wherever they are.
  function mark(content, list, attribute) {
    list = list.slice().sort(function (a, b) { return b.length - a.length; });
    var escaped = list.map(function (t) {
      var e = t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      return HAS_HAN.test(t) ? e : "(?<![\\p{L}\\p{N}_])" + e + "(?:e?s)?(?![\\p{L}\\p{N}_])";
    });
    var match = new RegExp(escaped.join("|"), "giu");
    var walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        return node.parentElement.closest("script, style, mark, del, " + MD.SOURCE_FILE) // del: words not found
          ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
      }
    });
    var nodes = [];
    for (var node = walker.nextNode(); node; node = walker.nextNode()) {
      match.lastIndex = 0;
      if (match.test(node.data)) nodes.push(node);
    }
    nodes.forEach(function (node) {
      var text = node.data, out = document.createDocumentFragment(), last = 0, m;
      match.lastIndex = 0;
      while ((m = match.exec(text))) {
        out.append(text.slice(last, m.index));
        var el = document.createElement("mark");
        if (attribute) el.setAttribute(attribute, "");
        el.textContent = m[0];
        out.append(el);
        last = m.index + m[0].length;
      }
      out.append(text.slice(last));
      node.replaceWith(out);
    });
  }

  // A result as the reader sees it: its title without the names after ALIAS, and the query's
  // words marked whole (Material marks every word that starts with one: "a", "0", gradient).
  var tidied = new WeakSet();
  function tidy(article, wanted) {
    tidied.add(article);
    article.querySelectorAll("h1, h2").forEach(function (title) {
      var walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT), node, at = -1;
      while ((node = walker.nextNode()) && (at = node.data.indexOf(ALIAS)) < 0);
      if (!node) return;
      var range = document.createRange();
      range.setStart(node, at);
      range.setEndAfter(title.lastChild);
      range.deleteContents();
      node.data = node.data.replace(/[\s\u200b]+$/, "");
    });
    article.querySelectorAll("mark").forEach(function (m) { m.replaceWith.apply(m, m.childNodes); });
    article.normalize();
    if (wanted.length) mark(article, wanted);
  }

  function results(list) {
    tag(list);
    var field = document.querySelector(MD.FIELD), wanted = terms(field ? field.value : "");
    list.querySelectorAll(MD.ARTICLE).forEach(function (article) {
      if (!tidied.has(article)) tidy(article, wanted);
    });
  }

  // A pasted query (no key pressed) or one an input method commits: searched at once, as a key
  // would have it (Material reads the field again on the event; an unchanged value is not sent).
  function watch(field) {
    var composing = false, poke = function () { field.dispatchEvent(new Event(MD.QUERY_EVENT)); };
    field.addEventListener("compositionstart", function () { composing = true; });
    field.addEventListener("compositionend", function () { composing = false; poke(); });
    field.addEventListener("input", function (event) { if (!event.isComposing && !composing) poke(); });
  }

  function start() {
    var list = document.querySelector(MD.RESULTS), field = document.querySelector(MD.FIELD);
    if (list) new MutationObserver(function () { results(list); }).observe(list, { childList: true, subtree: true });
    if (field) watch(field);
    var h = new URL(location.href).searchParams.get("h");
    var content = document.querySelector(MD.CONTENT);
    var wanted = h ? terms(h) : [];
    if (content && wanted.length) mark(content, wanted, MD.HIGHLIGHT);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  window.__search = { terms: terms, segmented: segmented }; // for the tests (tests/test_browser.py)
})();
