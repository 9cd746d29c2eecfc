//! Renders [`Results`] as `report.md` (also printed as the terminal summary) and as a
//! self-contained `report.html` (inline CSS, charts inlined as SVG; no network access).

use std::fmt::Write as _;
use std::path::Path;

use super::model::{Cell, Results, Section, Table};

fn cell_text(c: &Cell, precision: u8) -> String {
    match c {
        Cell::Num(v) => {
            let p = precision as usize;
            if v.abs() >= 1e15 {
                format!("{v:.3e}")
            } else {
                format!("{v:.p$}")
            }
        }
        Cell::Text(s) => s.clone(),
        Cell::Missing(_) => "—".into(),
    }
}

fn machine_rows(r: &Results) -> Vec<(&'static str, String)> {
    let m = &r.machine;
    vec![
        ("CPU", m.cpu_model.clone()),
        ("CPU flags used by hayate", m.cpu_flags.join(" ")),
        ("logical cores", m.logical_cores.to_string()),
        ("clock source", m.clock_source.clone()),
        (
            if cfg!(target_arch = "x86_64") {
                "TSC frequency (cycles below are TSC ticks)"
            } else if cfg!(target_arch = "aarch64") {
                "generic timer frequency (cycles below are CNTVCT_EL0 ticks, not core cycles)"
            } else {
                "counter frequency (no cycle counter on this architecture: cycles read 0)"
            },
            format!("{:.3} GHz", m.tsc_ghz),
        ),
        ("OS", m.os.clone()),
        ("compiler", m.compiler.clone()),
        ("arithmetic back end", m.arith_backend.clone()),
        (
            "AES back end (CLOC, SILC, AES-JAMBU)",
            m.aes_backend.clone(),
        ),
        (
            "hayate",
            format!("{} (git {})", r.hayate_version, r.git_revision),
        ),
    ]
}

fn header_lines(r: &Results) -> Vec<String> {
    let mut v = Vec::new();
    if r.quick {
        v.push("**QUICK RUN** — few repetitions; figures are indicative only.".to_string());
    }
    if !r.complete {
        v.push("**INCOMPLETE** — the run was interrupted; sections marked `interrupted` hold what was measured.".to_string());
    }
    v
}

fn md_escape(s: &str) -> String {
    s.replace('|', "\\|")
}

fn md_table(out: &mut String, t: &Table) {
    let _ = writeln!(out, "**{}**\n", t.title);
    let _ = writeln!(
        out,
        "| {} |",
        t.columns
            .iter()
            .map(|c| md_escape(c))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(
        out,
        "|{}|",
        t.columns
            .iter()
            .enumerate()
            .map(|(i, _)| if i == 0 { "---" } else { "---:" })
            .collect::<Vec<_>>()
            .join("|")
    );
    for row in &t.rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(i, c)| md_escape(&cell_text(c, t.precision.get(i).copied().unwrap_or(2))))
            .collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    if !t.note.is_empty() {
        let _ = writeln!(out, "\n{}", t.note);
    }
    out.push('\n');
}

/// A section's heading: "Paper 001 — title" for the papers' sections, the title alone for
/// the others (such as `bls`).
pub fn section_heading(s: &Section) -> String {
    if s.id.bytes().all(|b| b.is_ascii_digit()) {
        format!("Paper {} — {}", s.id, s.title)
    } else {
        s.title.clone()
    }
}

/// The Markdown report.
pub fn markdown(r: &Results) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# hayate evaluation report\n");
    for l in header_lines(r) {
        let _ = writeln!(out, "{l}\n");
    }
    let _ = writeln!(out, "## Machine\n\n| | |\n|---|---|");
    for (k, v) in machine_rows(r) {
        let _ = writeln!(out, "| {k} | {} |", md_escape(&v));
    }
    let _ = writeln!(
        out,
        "\n## Method\n\n{}\n\nStatistic: {}. Spread: {}.\n",
        r.method.description, r.method.statistic, r.method.spread
    );
    for s in &r.sections {
        let _ = writeln!(
            out,
            "## {}\n\nStatus: **{}**\n",
            section_heading(s),
            s.status
        );
        for n in &s.notes {
            let _ = writeln!(out, "* {n}");
        }
        if !s.notes.is_empty() {
            out.push('\n');
        }
        for t in &s.tables {
            md_table(&mut out, t);
        }
        for c in &s.charts {
            match c.files.iter().find(|f| f.ends_with(".svg")) {
                Some(f) => {
                    let _ = writeln!(out, "![{}]({f})\n", c.title);
                }
                None => {
                    let _ = writeln!(out, "*(chart “{}” not drawn; see the notes)*\n", c.title);
                }
            }
        }
    }
    out
}

pub(crate) fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Minimal inline Markdown for notes: **bold** and `code`.
fn inline(s: &str) -> String {
    let mut out = String::new();
    let e = html_escape(s);
    let mut bold = false;
    let mut code = false;
    let mut rest = e.as_str();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("**") {
            out.push_str(if bold { "</strong>" } else { "<strong>" });
            bold = !bold;
            rest = r;
        } else if let Some(r) = rest.strip_prefix('`') {
            out.push_str(if code { "</code>" } else { "<code>" });
            code = !code;
            rest = r;
        } else {
            let ch = rest.chars().next().unwrap_or(' ');
            out.push(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    if bold {
        out.push_str("</strong>");
    }
    if code {
        out.push_str("</code>");
    }
    out
}

const CSS: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}\
table{border-collapse:collapse;margin:0.5em 0 1.2em}td,th{border:1px solid #ccc;padding:3px 8px}th{background:#f0f0f0}\
td.n{text-align:right;font-variant-numeric:tabular-nums}.status{font-weight:bold}.warn{background:#fff3cd;padding:6px 10px}\
figure{margin:1em 0}svg{max-width:100%;height:auto}code{background:#f4f4f4;padding:0 3px}";

/// The self-contained HTML report; chart SVG files are read from `dir` and inlined.
pub fn html(r: &Results, dir: &Path) -> String {
    let mut out = String::new();
    let _ = write!(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>hayate evaluation report</title><style>{CSS}</style></head><body>\n<h1>hayate evaluation report</h1>\n");
    for l in header_lines(r) {
        let _ = writeln!(out, "<p class=\"warn\">{}</p>", inline(&l));
    }
    let _ = writeln!(out, "<h2>Machine</h2><table>");
    for (k, v) in machine_rows(r) {
        let _ = writeln!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            html_escape(k),
            html_escape(&v)
        );
    }
    let _ = writeln!(
        out,
        "</table><h2>Method</h2><p>{}</p><p>Statistic: {}. Spread: {}.</p>",
        inline(&r.method.description),
        html_escape(&r.method.statistic),
        html_escape(&r.method.spread)
    );
    for s in &r.sections {
        let _ = writeln!(
            out,
            "<h2>{}</h2><p class=\"status\">Status: {}</p>",
            html_escape(&section_heading(s)),
            html_escape(&s.status)
        );
        if !s.notes.is_empty() {
            out.push_str("<ul>");
            for n in &s.notes {
                let _ = write!(out, "<li>{}</li>", inline(n));
            }
            out.push_str("</ul>\n");
        }
        for t in &s.tables {
            let _ = write!(out, "<h3>{}</h3><table><tr>", html_escape(&t.title));
            for c in &t.columns {
                let _ = write!(out, "<th>{}</th>", html_escape(c));
            }
            out.push_str("</tr>\n");
            for row in &t.rows {
                out.push_str("<tr>");
                for (i, c) in row.iter().enumerate() {
                    let cls = if matches!(c, Cell::Num(_)) {
                        " class=\"n\""
                    } else {
                        ""
                    };
                    let _ = write!(
                        out,
                        "<td{cls}>{}</td>",
                        html_escape(&cell_text(c, t.precision.get(i).copied().unwrap_or(2)))
                    );
                }
                out.push_str("</tr>\n");
            }
            out.push_str("</table>\n");
            if !t.note.is_empty() {
                let _ = writeln!(out, "<p>{}</p>", inline(&t.note));
            }
        }
        for c in &s.charts {
            let svg = c
                .files
                .iter()
                .find(|f| f.ends_with(".svg"))
                .and_then(|f| std::fs::read_to_string(dir.join(f)).ok());
            match svg {
                Some(svg) => {
                    // drop the XML declaration, if any, so the SVG can sit inside HTML
                    let body = svg.find("<svg").map(|i| &svg[i..]).unwrap_or(&svg);
                    let _ = writeln!(
                        out,
                        "<figure>{body}<figcaption>{}</figcaption></figure>",
                        html_escape(&c.title)
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "<p><em>Chart “{}” not drawn (see the notes).</em></p>",
                        html_escape(&c.title)
                    );
                }
            }
        }
    }
    out.push_str("</body></html>\n");
    out
}
