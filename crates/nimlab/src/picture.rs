//! The one drawing interface of nimlab's pictures: an SVG document built element by
//! element, each with a [`Style`], its text escaped and its numbers written short.
//!
//! Boards, Hackenbush pictures and thermographs are all drawn through [`Svg`], so that
//! every picture is well formed and written the same way.
//!
//! ```
//! use nimlab::picture::{Anchor, Style, Svg};
//! let mut svg = Svg::new(100.0, 50.0, 12.0, "a <small> line");
//! svg.line((10.0, 25.0), (90.0, 25.0), &Style::new().stroke("#222222").width(2.0));
//! svg.text((50.0, 45.0), Anchor::Middle, 12.0, &Style::new(), "1/2", None);
//! let text = svg.finish();
//! assert!(text.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50""#));
//! assert!(text.contains("<title>a &lt;small&gt; line</title>"));
//! assert!(text.contains(r##"<line x1="10" y1="25" x2="90" y2="25" stroke="#222222" stroke-width="2"/>"##));
//! assert!(text.trim_end().ends_with("</svg>"));
//! ```

use std::fmt::Write;

/// How an element is painted: its stroke, fill, dashes, text weight and class.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Style {
    fill: Option<&'static str>,
    stroke: Option<&'static str>,
    width: Option<f64>,
    dash: Option<&'static str>,
    round: bool,
    bold: bool,
    italic: bool,
    class: Option<&'static str>,
}

impl Style {
    /// No stroke or fill given (SVG's defaults).
    pub fn new() -> Style {
        Style::default()
    }

    /// Filled with `colour` (`none` for no fill).
    pub fn fill(mut self, colour: &'static str) -> Style {
        self.fill = Some(colour);
        self
    }

    /// Stroked with `colour`.
    pub fn stroke(mut self, colour: &'static str) -> Style {
        self.stroke = Some(colour);
        self
    }

    /// Stroked `width` wide.
    pub fn width(mut self, width: f64) -> Style {
        self.width = Some(width);
        self
    }

    /// Dashed by `pattern` (`4 4`).
    pub fn dash(mut self, pattern: &'static str) -> Style {
        self.dash = Some(pattern);
        self
    }

    /// Round line ends and joins.
    pub fn round(mut self) -> Style {
        self.round = true;
        self
    }

    /// Bold text.
    pub fn bold(mut self) -> Style {
        self.bold = true;
        self
    }

    /// Italic text.
    pub fn italic(mut self) -> Style {
        self.italic = true;
        self
    }

    /// A class, for style sheets and for finding the element again.
    pub fn class(mut self, class: &'static str) -> Style {
        self.class = Some(class);
        self
    }

    /// The style's attributes, each with a space before it.
    fn attributes(&self) -> String {
        let mut out = String::new();
        if let Some(f) = self.fill {
            let _ = write!(out, " fill=\"{f}\"");
        }
        if let Some(s) = self.stroke {
            let _ = write!(out, " stroke=\"{s}\"");
        }
        if let Some(w) = self.width {
            let _ = write!(out, " stroke-width=\"{}\"", num(w));
        }
        if let Some(d) = self.dash {
            let _ = write!(out, " stroke-dasharray=\"{d}\"");
        }
        if self.round {
            out.push_str(" stroke-linecap=\"round\" stroke-linejoin=\"round\"");
        }
        if self.bold {
            out.push_str(" font-weight=\"bold\"");
        }
        if self.italic {
            out.push_str(" font-style=\"italic\"");
        }
        if let Some(c) = self.class {
            let _ = write!(out, " class=\"{c}\"");
        }
        out
    }
}

/// Where a text stands with respect to its point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    /// The text begins at the point.
    Start,
    /// The text is centred on the point.
    Middle,
    /// The text ends at the point.
    End,
}

/// The estimated width of one character at font size 1 (of a sans-serif font).
const CHAR_WIDTH: f64 = 0.625;

/// The estimated width of `text` at font size `size`.
///
/// ```
/// assert_eq!(nimlab::picture::text_width("abcd", 12.0), 30.0);
/// ```
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * CHAR_WIDTH * size
}

/// An SVG document being drawn.
pub struct Svg {
    out: String,
    font: f64,
}

impl Svg {
    /// A picture `width` × `height` (in pixels, its `viewBox` too), texts in a
    /// sans-serif font of size `font`, titled `title`, on a white ground.
    pub fn new(width: f64, height: f64, font: f64, title: &str) -> Svg {
        let (w, h) = (num(width), num(height));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"{}\">",
            num(font)
        );
        let _ = writeln!(out, "<title>{}</title>", escape(title));
        let _ = writeln!(
            out,
            "<rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>"
        );
        Svg { out, font }
    }

    /// A straight line.
    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), style: &Style) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"{}/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            style.attributes()
        );
    }

    /// Lines through `points`, in order (not filled unless the style says so).
    pub fn polyline(&mut self, points: &[(f64, f64)], style: &Style) {
        let style = match style.fill {
            Some(_) => style.clone(),
            None => style.clone().fill("none"),
        };
        let _ = writeln!(
            self.out,
            "<polyline points=\"{}\"{}/>",
            points_text(points),
            style.attributes()
        );
    }

    /// A closed shape with corners `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &Style) {
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\"{}/>",
            points_text(points),
            style.attributes()
        );
    }

    /// A rectangle with its top left corner at `(x, y)`.
    pub fn rect(&mut self, (x, y): (f64, f64), (w, h): (f64, f64), style: &Style) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"{}/>",
            num(x),
            num(y),
            num(w),
            num(h),
            style.attributes()
        );
    }

    /// A circle.
    pub fn circle(&mut self, (cx, cy): (f64, f64), r: f64, style: &Style) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\"{}/>",
            num(cx),
            num(cy),
            num(r),
            style.attributes()
        );
    }

    /// A curve from `from` to `to` bent towards `control` (a quadratic Bézier curve).
    pub fn curve(
        &mut self,
        (x1, y1): (f64, f64),
        (cx, cy): (f64, f64),
        (x2, y2): (f64, f64),
        style: &Style,
    ) {
        let _ = writeln!(
            self.out,
            "<path d=\"M {} {} Q {} {} {} {}\"{}/>",
            num(x1),
            num(y1),
            num(cx),
            num(cy),
            num(x2),
            num(y2),
            style.attributes()
        );
    }

    /// A text at `(x, y)` (its baseline), in font size `size`; a text wider than
    /// `max_width` is set smaller and squeezed to fit it, exact however long.
    pub fn text(
        &mut self,
        (x, y): (f64, f64),
        anchor: Anchor,
        size: f64,
        style: &Style,
        content: &str,
        max_width: Option<f64>,
    ) {
        let width = text_width(content, size);
        let (size, squeeze) = match max_width {
            Some(max) if width > max => (
                size * max / width,
                format!(
                    " textLength=\"{}\" lengthAdjust=\"spacingAndGlyphs\"",
                    num(max)
                ),
            ),
            _ => (size, String::new()),
        };
        let size = if size == self.font {
            String::new()
        } else {
            format!(" font-size=\"{}\"", num(size))
        };
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\"{size}{}{squeeze}>{}</text>",
            num(x),
            num(y),
            style.attributes(),
            escape(content)
        );
    }

    /// Opens a group of the elements drawn until [`Svg::end_group`], named `cell` in its
    /// `data-cell` attribute: the part of a figure they draw, which a page finds again.
    ///
    /// ```
    /// use nimlab::picture::{Style, Svg};
    /// let mut svg = Svg::new(10.0, 10.0, 12.0, "");
    /// svg.group("s0");
    /// svg.rect((0.0, 0.0), (5.0, 5.0), &Style::new());
    /// svg.end_group();
    /// assert!(svg.finish().contains("<g data-cell=\"s0\">\n<rect"));
    /// ```
    pub fn group(&mut self, cell: &str) {
        let _ = writeln!(self.out, "<g data-cell=\"{}\">", escape(cell));
    }

    /// Closes the group opened last by [`Svg::group`].
    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished document.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

fn points_text(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `s` with the characters that are special in XML text and attributes escaped, and
/// control characters (not allowed in XML 1.0) made spaces.
///
/// ```
/// assert_eq!(nimlab::picture::escape("{1|<2>} & \"x\""), "{1|&lt;2&gt;} &amp; &quot;x&quot;");
/// ```
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate as written in a picture: two decimals at most, never `-0`, never a
/// non-finite number.
///
/// ```
/// use nimlab::picture::num;
/// assert_eq!((num(2.0), num(-0.001), num(1.239), num(f64::NAN)), ("2".into(), "0".into(), "1.24".into(), "0".into()));
/// ```
pub fn num(x: f64) -> String {
    let x = if x.is_finite() { x } else { 0.0 };
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// SVG pictures placed side by side, with a gap between them, in one picture: each is
/// nested whole, at its own width and height (read from its root element).
///
/// ```
/// let a = r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="20"></svg>"#;
/// let b = r#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="5"></svg>"#;
/// let both = nimlab::picture::side_by_side(&[a.to_string(), b.to_string()]);
/// assert!(both.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="60" height="20""#));
/// assert!(both.contains(r#"<svg x="30" y="0" width="30" height="5""#));
/// ```
pub fn side_by_side(pictures: &[String]) -> String {
    const GAP: f64 = 20.0;
    let size = |svg: &str, name: &str| -> f64 {
        let root = svg.split('>').next().unwrap_or("");
        root.split(&format!(" {name}=\""))
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    let mut body = String::new();
    let (mut x, mut height) = (0.0f64, 0.0f64);
    for (k, svg) in pictures.iter().enumerate() {
        if k > 0 {
            x += GAP;
        }
        let (w, h) = (size(svg, "width"), size(svg, "height"));
        let nested = svg.replacen(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"",
            &format!("<svg x=\"{}\" y=\"0\"", num(x)),
            1,
        );
        body.push_str(&nested);
        body.push('\n');
        x += w;
        height = height.max(h);
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n{body}</svg>\n",
        w = num(x),
        h = num(height)
    )
}
