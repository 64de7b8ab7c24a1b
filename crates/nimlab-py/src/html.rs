//! HTML tables for notebooks: the cells escaped, the first row as the head.

/// `text` with the characters HTML gives a meaning to escaped.
pub fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The rows of a table of cells, the first row as its head.
pub fn table(rows: &[Vec<String>]) -> String {
    let mut out = String::from("<table>");
    for (i, row) in rows.iter().enumerate() {
        let cell = if i == 0 { "th" } else { "td" };
        out.push_str("<tr>");
        for c in row {
            out.push_str(&format!("<{cell}>{}</{cell}>", esc(c)));
        }
        out.push_str("</tr>");
    }
    out.push_str("</table>");
    out
}
