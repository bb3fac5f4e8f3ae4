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
        table.matrix.dense { margin: 0 10px 24px; }
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

        body:has(#f-diff:checked) tr.row:not(.r-diff),
        body:has(#f-sec:checked) tr.row:not(.r-sec),
        body:has(#f-unexp:checked) tr.row:not(.r-unexp) { display: none; }
        tbody.suite.empty { display: none; }
        tbody.folded:not(:has(input.unfold:checked)) tr.row { display: none; }
        .unfold-l { display: block; margin-top: 3px; font-weight: 600; color: #0969da; cursor: pointer; white-space: normal; }
        @media print { table.matrix thead th, table.matrix .scn { position: static; } form.filters { display: none; } }
        """

    /// Counts the rows left by the filters and hides suites with none; the filtering itself is CSS.
    static let script = """
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
          form.addEventListener("change", update);
          document.querySelectorAll("input.unfold").forEach(function (box) { box.addEventListener("change", update); });
          form.addEventListener("submit", function (event) { event.preventDefault(); });
          update();
        })();
        """
}
