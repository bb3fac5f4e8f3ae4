/// The style sheet and the small script inlined into the matrix page, kept apart from the markup.
///
/// Both are written for an XML parser as well as an HTML one: they sit in CDATA sections, so they must not
/// contain `]]>`; the script avoids `<` and `&` anyway so that it reads the same either way.
enum MatrixPageAssets {
    static let style = """
        :root {
          --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --head: #f6f8fa;
          --pass: #116329; --pass-bg: #dafbe1;
          --fail: #a40e26; --fail-bg: #ffebe9; --fail-solid: #cf222e;
          --skip: #59636e; --skip-bg: #eff2f5;
          --error: #6639ba; --error-bg: #f2e9ff; --error-solid: #8250df;
          --sec: #3d2a00; --sec-bg: #ffd33d;
        }
        * { box-sizing: border-box; }
        body { margin: 0; color: var(--ink); background: #fff;
          font: 13px/1.35 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; }
        header.top { padding: 14px 20px 4px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h2 { font-size: 14px; margin: 0 0 6px; }
        .meta { margin: 0; color: var(--muted); }
        .overview { padding: 6px 20px 0; }
        details.adapters > summary { cursor: pointer; font-weight: 600; font-size: 14px; padding: 2px 0 6px; }
        table.adapters { border-collapse: collapse; margin-bottom: 6px; }
        table.adapters th, table.adapters td { border-bottom: 1px solid var(--line); padding: 3px 12px 3px 0; text-align: left; white-space: nowrap; }
        table.adapters thead th { color: var(--muted); font-weight: 600; }
        table.adapters .n { text-align: right; font-variant-numeric: tabular-nums; }
        table.adapters td.bad { color: #fff; background: var(--fail-solid); font-weight: 700; padding-left: 6px; }
        .legend { padding: 4px 20px 0; }
        .legend ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
        .legend li { margin: 0; }
        .legend .c { display: inline-block; padding: 1px 6px; margin-right: 2px; border-radius: 3px; }
        form.filters { display: flex; flex-wrap: wrap; gap: 6px 18px; align-items: center; margin: 8px 20px 10px;
          padding: 6px 10px; background: var(--head); border: 1px solid var(--line); border-radius: 6px; }
        form.filters select { font: inherit; }
        form.filters .count { color: var(--muted); margin-left: auto; }

        table.matrix { border-collapse: separate; border-spacing: 0; margin: 0 20px 24px; }
        table.matrix th, table.matrix td { border-right: 1px solid var(--line); border-bottom: 1px solid var(--line);
          padding: 4px 6px; vertical-align: top; text-align: left; }
        table.matrix thead th { position: sticky; top: 0; z-index: 3; background: var(--head);
          border-bottom: 2px solid #8c959f; vertical-align: bottom; }
        table.matrix thead th.scn { z-index: 4; }
        table.matrix .scn { position: sticky; left: 0; z-index: 2; background: #fff; width: 30em; min-width: 30em; max-width: 30em;
          border-left: 1px solid var(--line); font-weight: 400; }
        th.ad { min-width: 6.5em; max-width: 9em; font-weight: 400; }
        th.ad .name { display: block; font-weight: 700; }
        th.ad .prof, th.ad .ver { display: block; color: var(--muted); font-size: 11px; }
        table.dense th.ad { min-width: 0; max-width: none; padding: 6px 2px; text-align: left; }
        table.dense th.ad .lbl { writing-mode: vertical-rl; transform: rotate(180deg); white-space: normal; display: inline-block;
          max-height: 11em; line-height: 1.15; }
        table.dense th.ad .name, table.dense th.ad .prof, table.dense th.ad .ver { display: inline; }
        table.dense th.ad .prof, table.dense th.ad .ver { margin-top: 4px; }
        table.matrix.dense { margin: 0 4px 24px; }
        table.dense th.ad { font-size: 11px; }
        table.dense td.c { min-width: 2em; max-width: 3.4em; text-align: center; padding: 4px 1px; }
        table.dense .scn { width: 21em; min-width: 21em; max-width: 21em; }
        table.dense .scn .tags { display: none; }
        table.dense td.cons { white-space: normal; width: 9.5em; min-width: 9.5em; max-width: 9.5em; }
        table.matrix thead tr.groups th { position: static; background: #fff; border-bottom: 1px solid var(--line);
          vertical-align: bottom; text-align: left; font-weight: 600; font-size: 12px; color: var(--muted); }
        table.matrix thead tr.groups th.gap { border-right: none; }
        table.matrix .gstart { border-left: 3px solid #57606a; }
        table.dense .c .w, table.dense .c .brief { display: none; }
        table.dense td.c span.sec { display: block; margin: 2px auto 0; width: max-content; font-size: 9px; }
        table.dense td.tot { font-size: 10px; padding: 3px 1px; letter-spacing: -.02em; }
        table.dense td.tot > span { display: block; }
        th.ad.refcol { box-shadow: inset 0 3px 0 #0969da; }
        .scn .id { font: 600 12px/1.3 ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
        .scn .title { display: block; color: var(--muted); font-size: 12px; }
        .scn .tags { margin-left: 4px; }
        .tag { display: inline-block; font-size: 11px; color: var(--muted); background: var(--head); border: 1px solid var(--line);
          border-radius: 8px; padding: 0 5px; margin: 1px 2px 0 0; }
        .flag { color: var(--fail-solid); font-weight: 700; }
        tr.r-unexp > th.scn { box-shadow: inset 4px 0 0 var(--fail-solid); }
        span.sec { display: inline-block; font: 700 10px/1.4 system-ui, sans-serif; letter-spacing: .04em; color: var(--sec);
          background: var(--sec-bg); border: 1px solid #bf8700; border-radius: 3px; padding: 0 3px; margin-left: 4px; vertical-align: 1px; }

        tr.suite-head > * { background: #eaeef2; border-top: 2px solid #8c959f; font-size: 12px; }
        tr.suite-head > th.scn { background: #eaeef2; }
        tr.suite-head .sid { font: 700 13px ui-monospace, "DejaVu Sans Mono", monospace; }
        tr.suite-head .stitle { font-weight: 600; }
        tr.suite-head .sfile { display: block; color: var(--muted); font-weight: 400; }
        td.tot { font-variant-numeric: tabular-nums; font-size: 12px; }
        td.tot > span { white-space: nowrap; }
        .t-pass { color: var(--pass); } .t-fail { color: var(--fail); } .t-skip { color: var(--skip); } .t-error { color: var(--error); }
        .t-unexp { color: #fff; background: var(--fail-solid); border-radius: 3px; padding: 0 3px; font-weight: 700; }
        tfoot th, tfoot td { background: var(--head); font-weight: 600; border-top: 2px solid #8c959f; }
        tfoot th.scn { background: var(--head); }

        td.cons { white-space: nowrap; font-size: 12px; min-width: 8.5em; }
        td.cons.m-pass .sym { color: var(--pass); } td.cons.m-fail .sym { color: var(--fail); }
        td.cons.m-skip .sym { color: var(--skip); } td.cons.m-error .sym { color: var(--error); }
        td.cons.differs { background: #fff8c5; }
        td.cons .ne { font-weight: 700; color: #9a6700; }
        .ref { font-size: 11px; color: var(--muted); }
        td.cons .ref { display: block; }
        .ref.agree { color: var(--pass); }
        .ref.disagree { color: var(--fail); font-weight: 700; }

        td.c { position: relative; min-width: 7em; max-width: 10.5em; white-space: nowrap; }
        .c .sym { font-weight: 700; }
        .c.pass { background: var(--pass-bg); color: var(--pass); }
        .c.fail { color: var(--fail);
          background: repeating-linear-gradient(135deg, var(--fail-bg) 0 6px, #fff6f5 6px 10px); }
        .c.skip { background: var(--skip-bg); color: var(--skip); }
        .c.error { color: var(--error);
          background: repeating-linear-gradient(135deg, var(--error-bg) 0 6px, #faf6ff 6px 10px); }
        .c.none { color: #8c959f; background: #fff; text-align: center; }
        .c.unexp { font-weight: 700; }
        .c.fail.unexp { background: var(--fail-solid); color: #fff; }
        .c.error.unexp { background: var(--error-solid); color: #fff; }
        .c.pass.unexp { box-shadow: inset 0 0 0 3px var(--fail-solid); color: var(--pass); }
        .c .brief { display: block; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; max-width: 9.5em;
          font-size: 11px; font-weight: 400; }
        table.roomy td.c { max-width: 30em; white-space: normal; }
        table.roomy .c .brief { white-space: normal; max-width: 28em; overflow-wrap: anywhere; }
        .c details > summary { cursor: pointer; list-style: none; }
        .c details > summary::-webkit-details-marker { display: none; }
        .c details[open] > summary { text-decoration: underline dotted; }
        .c .pop { position: absolute; z-index: 5; top: calc(100% - 2px); left: 0; width: 30em; white-space: normal;
          color: var(--ink); background: #fff; border: 1px solid #8c959f; border-radius: 6px;
          box-shadow: 0 6px 18px rgba(31, 35, 40, .25); padding: 8px 10px; font-weight: 400; text-align: left; }
        .c.pop-left .pop { left: auto; right: 0; }
        .pop p { margin: 0 0 4px; overflow-wrap: anywhere; }
        .pop .k { font-weight: 700; }
        .pop .loc, .pop .why { color: var(--muted); font-size: 12px; }
        .pop .msg { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 12px; }
        footer { color: var(--muted); padding: 0 20px 24px; }

        #filters:has(#f-diff:checked) ~ #matrix tr.row:not(.r-diff),
        #filters:has(#f-sec:checked) ~ #matrix tr.row:not(.r-sec),
        #filters:has(#f-unexp:checked) ~ #matrix tr.row:not(.r-unexp) { display: none; }
        tbody.suite.empty { display: none; }
        tbody.folded:not(:has(input.unfold:checked)) tr.row { display: none; }
        .unfold-l { display: block; margin-top: 3px; font-weight: 600; color: #0969da; cursor: pointer; white-space: normal; }
        table.matrix thead tr.families th { position: static; background: #fff; border-bottom: 1px solid var(--line);
          vertical-align: bottom; font-weight: 600; font-size: 11px; color: var(--muted); padding: 2px 3px; }
        table.matrix thead tr.families th.gap { border-right: none; }
        table.matrix thead tr.families th .fn { display: block; width: 0; min-width: 100%; overflow: hidden; white-space: nowrap;
          text-overflow: ellipsis; }
        table.matrix thead tr.groups th.grp label { display: inline-block; cursor: pointer; color: #0969da; white-space: nowrap;
          border: 1px solid var(--line); border-radius: 4px; padding: 1px 6px; background: var(--head); }
        table.matrix thead tr.groups th.grp label:hover { border-color: #0969da; }
        table.matrix thead tr.groups th.gs label { white-space: normal; }
        table.matrix thead tr.groups th.gs label .n { display: block; font-weight: 400; font-size: 11px; }
        table.matrix thead tr.groups th.grp label .n { font-weight: 400; }
        table.matrix .fend { border-right-color: #6e7781; }
        th.ad.sum { min-width: 5.5em; }
        th.ad.sum .name { font-weight: 600; }
        td.gs { text-align: left; font-size: 11px; font-variant-numeric: tabular-nums; min-width: 5.5em; white-space: nowrap; }
        td.gs > span { display: block; }
        td.s-pass { background: var(--pass-bg); }
        td.s-fail { background: repeating-linear-gradient(135deg, var(--fail-bg) 0 6px, #fff6f5 6px 10px); }
        td.s-unexp { background: var(--fail-bg); box-shadow: inset 0 0 0 2px var(--fail-solid); }
        td.s-none { color: #8c959f; }
        form.filters fieldset.groups { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0; padding: 0; border: none; }
        form.filters fieldset.groups legend { float: left; font-weight: 600; margin-right: 4px; padding: 0; }
        @media print { table.matrix thead th, table.matrix .scn { position: static; } form.filters { display: none; } }
        """

    /// Counts the rows left by the filters and hides suites with none (the filtering itself is CSS), and draws a
    /// folded column group's cells when its box is ticked, or when the link names it (`#open=ios-18,webkitgtk`).
    /// A raw string: the script's `\u2714` escapes are its own.
    static let script = #"""
        (function () {
          var form = document.getElementById("filters");
          var count = document.getElementById("f-count");
          if (!form || !count) return;
          function update() {
            var shown = 0, total = 0, folded = 0;
            document.querySelectorAll("tbody.suite").forEach(function (suite) {
              suite.classList.remove("empty");
              var closed = suite.classList.contains("folded") ? !suite.querySelector("input.unfold:checked") : false;
              if (closed) {
                folded += suite.querySelectorAll("tr.row").length;
                return;
              }
              var visible = 0;
              suite.querySelectorAll("tr.row").forEach(function (row) {
                total += 1;
                if (row.getClientRects().length) visible += 1;
              });
              if (!visible) suite.classList.add("empty");
              shown += visible;
            });
            var text = shown === total ? total + " scenarios" : shown + " of " + total + " scenarios shown";
            count.textContent = folded ? text + " (" + folded + " more folded)" : text;
          }

          // A folded column group's cells are not in the page: they are drawn from the JSON in #matrix-data the
          // first time its box is ticked, as the same markup the page has for an open group. Text goes in as text.
          var source = document.getElementById("matrix-data");
          var data = source ? JSON.parse(source.textContent) : null;
          var drawn = {};
          var outcomes = ["pass", "fail", "skip", "error"];
          var symbols = ["\u2714", "\u2718", "\u2205", "!"];
          function element(tag, className, content) {
            var made = document.createElement(tag);
            if (className) made.className = className;
            if (content !== undefined) made.textContent = content;
            return made;
          }
          function string(index) {
            if (index < 0) return null;
            return data.strings[index].map(function (piece) { return data.pieces[piece]; }).join("");
          }
          function cell(column, code, detail) {
            var td = document.createElement("td");
            if (code === 16) {
              td.className = "c none " + column.classes;
              td.title = column.label + ": not run";
              td.appendChild(element("span", "sym", "\u2014"));
              return td;
            }
            var outcome = Math.floor(code / 4), unexpected = code % 4 >= 2, security = code % 2 === 1;
            var name = outcomes[outcome];
            td.className = "c " + name + (unexpected ? " unexp" : "") + (security ? " secfail" : "") +
              (column.left ? " pop-left" : "") + " " + column.classes;
            var word = unexpected ? name.toUpperCase() : name;
            var symbol = (unexpected ? "\u26a0" : "") + symbols[outcome];
            if (!detail) {
              td.title = column.label + ": pass" + (security ? " (security)" : "");
              td.appendChild(element("span", "sym", symbol));
              td.appendChild(document.createTextNode(" "));
              td.appendChild(element("span", "w", word));
              return td;
            }
            var kind = string(detail[0]), message = string(detail[1]), location = string(detail[2]), note = string(detail[3]);
            td.title = column.label + ": " + kind + (security ? " (security)" : "") + " \u2014 " + message;
            var details = document.createElement("details"), summary = document.createElement("summary");
            summary.appendChild(element("span", "sym", symbol));
            summary.appendChild(document.createTextNode(" "));
            summary.appendChild(element("span", "w", word));
            if (security) summary.appendChild(element("span", "sec", "SEC"));
            summary.appendChild(element("span", "brief", message));
            var pop = element("div", "pop");
            pop.appendChild(element("p", "k", column.label + " \u00b7 " + kind + (security ? " \u00b7 security" : "")));
            pop.appendChild(element("p", "msg", message));
            if (location !== null) pop.appendChild(element("p", "loc", "at " + location));
            if (note !== null) pop.appendChild(element("p", "why", note));
            details.appendChild(summary);
            details.appendChild(pop);
            td.appendChild(details);
            return td;
          }
          function draw(number) {
            var columns = data ? data.groups[number] : null;
            if (!columns || drawn[number]) return;
            drawn[number] = true;
            var cursors = columns.map(function () { return 0; });
            document.querySelectorAll("#matrix tbody tr.row").forEach(function (row, index) {
              var summary = row.querySelector("td.g" + number + "s");
              if (!summary) return;
              var cells = document.createDocumentFragment();
              columns.forEach(function (column, position) {
                var code = column.cells.charCodeAt(index) - 97, detail = null;
                if (code !== 16) {
                  if (code >= 2) {
                    detail = data.details[column.details[cursors[position]]];
                    cursors[position] += 1;
                  }
                }
                cells.appendChild(cell(column, code, detail));
              });
              summary.after(cells);
              var suite = row.parentNode;
              if (suite.matrixCounts === undefined) suite.matrixCounts = {};
              if (suite.matrixCounts[number] === undefined) suite.matrixCounts[number] = columns.map(function () { return [0, 0, 0, 0, 0]; });
              columns.forEach(function (column, position) {
                var code = column.cells.charCodeAt(index) - 97, counts = suite.matrixCounts[number][position];
                if (code === 16) return;
                counts[Math.floor(code / 4)] += 1;
                if (code % 4 >= 2) counts[4] += 1;
              });
            });
            // Each suite's totals per column, on its heading line, as the page writes them for an open group.
            document.querySelectorAll("#matrix tbody.suite").forEach(function (suite) {
              var summary = suite.querySelector("tr.suite-head td.g" + number + "s");
              if (!summary) return;
              var totals = document.createDocumentFragment();
              columns.forEach(function (column, position) {
                var counts = suite.matrixCounts ? suite.matrixCounts[number][position] : [0, 0, 0, 0, 0];
                var td = element("td", "tot " + column.classes), parts = 0;
                function part(className, text) {
                  if (parts) td.appendChild(document.createTextNode(" "));
                  td.appendChild(element("span", className, text));
                  parts += 1;
                }
                outcomes.forEach(function (name, outcome) {
                  if (counts[outcome]) part("t-" + name, symbols[outcome] + "\u00a0" + counts[outcome]);
                });
                if (counts[4]) part("t-unexp", "\u26a0\u00a0" + counts[4]);
                if (!parts) td.textContent = "\u2014";
                totals.appendChild(td);
              });
              summary.after(totals);
            });
          }
          // A link may name the groups to open, by their titles: matrix.html#open=ios-18,cookie%20stores.
          var hash = window.location.hash;
          var asked = hash.indexOf("#open=") === 0 ? decodeURIComponent(hash.slice(6)).split(",") : [];
          document.querySelectorAll("input.gopen").forEach(function (box) {
            var number = Number(box.id.slice(1));
            box.addEventListener("change", function () { if (box.checked) draw(number); });
            if (asked.indexOf(box.getAttribute("data-group")) !== -1) box.checked = true;
            if (box.checked) draw(number);
          });

          form.addEventListener("change", update);
          document.querySelectorAll("input.unfold").forEach(function (box) { box.addEventListener("change", update); });
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          update();
        })();
        """#
}
