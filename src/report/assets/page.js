(function () {
  'use strict';
  var doc = document;
  function all(root, sel) { return Array.prototype.slice.call(root.querySelectorAll(sel)); }

  /* Films: one step shown at a time; buttons, a slider, the arrow keys, Home and End. */
  var active = null;
  function film(el) {
    var steps = all(el, '.step'), rows = all(el, 'tr[data-row]');
    var slider = el.querySelector('[data-slider]'), where = el.querySelector('[data-where]');
    var buttons = all(el, '[data-go]'), last = steps.length - 1, cur = 0;
    var api = {};
    function show(i) {
      i = Math.max(0, Math.min(last, i));
      steps[cur].classList.remove('current');
      if (rows[cur]) rows[cur].classList.remove('current');
      cur = i;
      steps[cur].classList.add('current');
      if (rows[cur]) rows[cur].classList.add('current');
      slider.value = String(cur);
      var s = steps[cur];
      where.textContent = cur === 0
        ? 'the start, ' + s.getAttribute('data-pos') + ' (' + last + (last === 1 ? ' move' : ' moves') + ' to play)'
        : 'move ' + cur + ' of ' + last + ': ' + s.getAttribute('data-move') + ', now ' + s.getAttribute('data-pos');
      buttons.forEach(function (b) {
        var go = b.getAttribute('data-go');
        b.disabled = (go === 'first' || go === 'prev') ? cur === 0 : cur === last;
      });
      el.setAttribute('data-current', String(cur));
    }
    api.show = show;
    api.step = function (d) { show(cur + d); };
    api.end = function (atLast) { show(atLast ? last : 0); };
    el.classList.add('js');
    el.addEventListener('click', function (e) {
      var b = e.target.closest('button');
      if (!b) return;
      active = api;
      var go = b.getAttribute('data-go'), to = b.getAttribute('data-goto');
      if (go === 'first') show(0);
      else if (go === 'prev') show(cur - 1);
      else if (go === 'next') show(cur + 1);
      else if (go === 'last') show(last);
      else if (to !== null) show(parseInt(to, 10));
    });
    slider.addEventListener('input', function () { active = api; show(parseInt(slider.value, 10)); });
    el.addEventListener('focusin', function () { active = api; });
    show(0);
    return api;
  }
  var films = all(doc, '[data-film]').map(film);
  doc.addEventListener('keydown', function (e) {
    if (!films.length || e.altKey || e.ctrlKey || e.metaKey) return;
    var t = e.target, tag = t && t.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (t && t.isContentEditable)) return;
    var a = active || films[0];
    if (e.key === 'ArrowRight') a.step(1);
    else if (e.key === 'ArrowLeft') a.step(-1);
    else if (e.key === 'Home') a.end(false);
    else if (e.key === 'End') a.end(true);
    else return;
    e.preventDefault();
  });

  /* Trees: search a position, open and close every node, follow a link to a node above. */
  function openUp(el, stop) {
    for (var p = el.parentElement; p && p !== stop; p = p.parentElement)
      if (p.tagName === 'DETAILS') p.open = true;
  }
  all(doc, '[data-tree]').forEach(function (tree) {
    var input = tree.querySelector('[data-search]'), found = tree.querySelector('[data-found]');
    var nodes = all(tree, 'li.node'), hits = [], at = -1;
    function mark(h) {
      nodes.forEach(function (n) { n.classList.remove('current-hit'); });
      h.classList.add('current-hit');
      openUp(h, tree);
      h.scrollIntoView({block: 'center'});
    }
    function next() {
      if (!hits.length) return;
      at = (at + 1) % hits.length;
      mark(hits[at]);
      found.textContent = hits.length + (hits.length === 1 ? ' node matches' : ' nodes match') + ', showing ' + (at + 1);
    }
    function search() {
      var q = input.value.replace(/\s+/g, '').toLowerCase();
      hits = [];
      at = -1;
      nodes.forEach(function (n) {
        n.classList.remove('hit');
        n.classList.remove('current-hit');
        if (q && (n.getAttribute('data-pos') || '').toLowerCase().indexOf(q) >= 0) {
          n.classList.add('hit');
          hits.push(n);
        }
      });
      if (!q) found.textContent = '';
      else if (!hits.length) found.textContent = 'no node matches';
      else next();
    }
    input.addEventListener('input', search);
    input.addEventListener('keydown', function (e) { if (e.key === 'Enter') { e.preventDefault(); next(); } });
    tree.querySelector('[data-next]').addEventListener('click', next);
    all(tree, '[data-open]').forEach(function (b) {
      b.addEventListener('click', function () {
        var open = b.getAttribute('data-open') === '1';
        all(tree, 'details').forEach(function (d) { d.open = open; });
      });
    });
    tree.addEventListener('click', function (e) {
      var a = e.target.closest('a[data-ref]');
      if (!a) return;
      var t = doc.getElementById('n' + a.getAttribute('data-ref'));
      if (!t) return;
      e.preventDefault();
      openUp(t, tree);
      var s = t.querySelector('summary') || t;
      t.classList.add('flash');
      setTimeout(function () { t.classList.remove('flash'); }, 2000);
      t.scrollIntoView({block: 'center'});
      s.focus();
    });
  });

  /* Graphs: fitted to the page, or at their actual size. */
  all(doc, '[data-zoom]').forEach(function (b) {
    b.addEventListener('click', function () {
      var box = b.parentElement.querySelector('.graphbox'), actual = box.classList.toggle('actual');
      b.textContent = actual ? 'fit to the page' : 'actual size';
      b.setAttribute('aria-pressed', actual ? 'true' : 'false');
    });
  });

  /* Formulas: pointing at a variable lights up every use of it. */
  var lit = null;
  function light(el, on) {
    all(doc, '.lit[data-v="' + el.getAttribute('data-v') + '"]').forEach(function (x) {
      x.classList.toggle('same', on);
    });
  }
  doc.addEventListener('mouseover', function (e) {
    var t = e.target.closest ? e.target.closest('.lit') : null;
    if (t === lit) return;
    if (lit) light(lit, false);
    lit = t;
    if (lit) light(lit, true);
  });

  /* Printing: every node open; a film shows all its steps (the style sheet). */
  var closed = [];
  window.addEventListener('beforeprint', function () {
    closed = all(doc, 'details:not([open])');
    closed.forEach(function (d) { d.open = true; });
  });
  window.addEventListener('afterprint', function () { closed.forEach(function (d) { d.open = false; }); });
})();
