//! Thermographs drawn as SVG pictures, in the orientation of Winning Ways and CGSuite:
//! values increase to the left (Left's side), the temperature t increases upwards from
//! t = −1.

use crate::conway::{rational_text, Rational, Thermograph, Trajectory};
use crate::picture::{text_width, Anchor, Style, Svg};
use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The picture's size (the `viewBox`).
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 480.0;
/// The plotting area inside it.
const PLOT_LEFT: f64 = 90.0;
const PLOT_RIGHT: f64 = 610.0;
const PLOT_TOP: f64 = 80.0;
const PLOT_BOTTOM: f64 = 400.0;
/// The plotting area's width over its height, 520/320: one unit of value as wide as one
/// unit of temperature is tall, when the ranges allow it.
const ASPECT: (i64, i64) = (13, 8);
/// How far a range may be stretched to keep one scale on both axes.
const MAX_STRETCH: i64 = 4;
/// The most regular ticks on an axis.
const MAX_TICKS: i64 = 8;
/// The most halvings or multiplications by ten tried for a tick step.
const MAX_STEP_SEARCH: usize = 4096;
/// The font size.
const FONT: f64 = 12.0;
/// The widest label of a regular tick, and of the mean on the value axis.
const TICK_LABEL_WIDTH: f64 = 160.0;
const KEY_LABEL_WIDTH: f64 = 300.0;

const LEFT_COLOUR: &str = "#1f5fbf";
const RIGHT_COLOUR: &str = "#c0392b";
const MAST_COLOUR: &str = "#222222";

fn q(n: i64) -> Rational {
    Rational::from_integer(BigInt::from(n))
}

/// A fraction of an axis, as a float in [0, 1] (exact rationals of any size).
fn fraction(r: &Rational) -> f64 {
    r.to_f64()
        .filter(|x| x.is_finite())
        .unwrap_or(0.0)
        .clamp(0.0, 1.0)
}

/// The ranges of the two axes, and the mapping from (value, temperature) to the picture.
struct Frame {
    /// The value at the right edge (the lowest).
    vlo: Rational,
    /// The width of the value range (positive).
    vwidth: Rational,
    /// The temperature at the bottom edge (−1).
    tlo: Rational,
    /// The height of the temperature range (positive).
    theight: Rational,
}

impl Frame {
    /// The ranges that hold every corner of the walls, the mean and the mast, with a
    /// margin, on one scale when stretching a range a little is enough.
    fn fit(walls: &[Vec<(Rational, Rational)>], mean: &Rational, temperature: &Rational) -> Frame {
        let bottom = q(-1);
        // The value range: every corner, with a margin.
        let mut vmin = mean.clone();
        let mut vmax = mean.clone();
        for (v, _) in walls.iter().flatten() {
            if v < &vmin {
                vmin = v.clone();
            }
            if v > &vmax {
                vmax = v.clone();
            }
        }
        let spread = &vmax - &vmin;
        let margin = if spread.is_zero() {
            Rational::one()
        } else {
            &spread / q(8)
        };
        let mut vlo = &vmin - &margin;
        let mut vwidth = &spread + &margin * q(2);

        // The temperature range: from −1 to above the temperature (and 0), room for the mast.
        let warm = if temperature.is_positive() {
            temperature.clone()
        } else {
            Rational::zero()
        };
        let room = (&warm - &bottom) / q(4);
        let room = if room < Rational::one() {
            Rational::one()
        } else {
            room
        };
        let mut theight = &warm + &room - &bottom;

        // One scale on both axes, when stretching a range a little is enough.
        let aspect = Rational::new(BigInt::from(ASPECT.0), BigInt::from(ASPECT.1));
        let ratio = &vwidth / &theight;
        if ratio < aspect {
            let wanted = (&theight * &aspect).min(&vwidth * q(MAX_STRETCH));
            vlo -= (&wanted - &vwidth) / q(2);
            vwidth = wanted;
        } else if ratio > aspect {
            theight = (&vwidth / &aspect).min(&theight * q(MAX_STRETCH));
        }
        Frame {
            vlo,
            vwidth,
            tlo: bottom,
            theight,
        }
    }
    /// The x coordinate of value `v`: higher values to the left.
    fn x(&self, v: &Rational) -> f64 {
        PLOT_RIGHT - fraction(&((v - &self.vlo) / &self.vwidth)) * (PLOT_RIGHT - PLOT_LEFT)
    }

    /// The y coordinate of temperature `t`: hotter upwards.
    fn y(&self, t: &Rational) -> f64 {
        PLOT_BOTTOM - fraction(&((t - &self.tlo) / &self.theight)) * (PLOT_BOTTOM - PLOT_TOP)
    }

    fn vhi(&self) -> Rational {
        &self.vlo + &self.vwidth
    }

    fn thi(&self) -> Rational {
        &self.tlo + &self.theight
    }
}

/// The corners of a wall from t = −1 up to `top`: (value, temperature) pairs.
fn corners(wall: &Trajectory, top: &Rational) -> Vec<(Rational, Rational)> {
    let bottom = q(-1);
    let mut ts: Vec<Rational> = std::iter::once(bottom.clone())
        .chain(
            wall.critical_points()
                .into_iter()
                .filter(|c| c > &bottom && c < top),
        )
        .chain(std::iter::once(top.clone()))
        .collect();
    ts.sort();
    ts.dedup();
    ts.into_iter().map(|t| (wall.at(&t), t)).collect()
}

/// Regular ticks between `lo` and `hi` (`lo < hi`): multiples of 1, 2 or 5 times a power
/// of ten for a range of 5 or more, of a power of two (1, 1/2, 1/4…) below, at most
/// `MAX_TICKS + 1` of them.
fn ticks(lo: &Rational, hi: &Rational) -> Vec<Rational> {
    let width = hi - lo;
    if !width.is_positive() {
        return Vec::new();
    }
    let max = q(MAX_TICKS);
    let mut step = Rational::one();
    if width >= q(5) {
        let mut decade = Rational::one();
        let mut found = false;
        'search: for _ in 0..MAX_STEP_SEARCH {
            for m in [1, 2, 5] {
                step = &decade * q(m);
                if &width / &step <= max {
                    found = true;
                    break 'search;
                }
            }
            decade *= q(10);
        }
        if !found {
            return Vec::new();
        }
    } else {
        let half = Rational::new(BigInt::one(), BigInt::from(2));
        let mut tries = 0;
        while &width / (&step * &half) <= max {
            step *= &half;
            tries += 1;
            if tries > MAX_STEP_SEARCH {
                return Vec::new();
            }
        }
    }
    let mut out = Vec::new();
    let mut t = (lo / &step).ceil() * &step;
    while &t <= hi && out.len() as i64 <= MAX_TICKS + 1 {
        out.push(t.clone());
        t += &step;
    }
    out
}

/// Labels placed along one axis without overlapping: the intervals they take.
#[derive(Default)]
struct Placed(Vec<(f64, f64)>);

impl Placed {
    /// Whether `[a, b]` is clear of every placed label (with a small gap).
    fn clear(&self, a: f64, b: f64) -> bool {
        self.0.iter().all(|&(c, d)| b + 4.0 <= c || d + 4.0 <= a)
    }

    fn take(&mut self, a: f64, b: f64) {
        self.0.push((a, b));
    }
}

/// The thermograph `t` as a standalone SVG picture (640 × 480), titled `title`.
///
/// The picture is drawn as in Winning Ways and CGSuite: the horizontal axis is the value
/// axis with Left's side (positive values) on the left, the vertical axis is the
/// temperature t going up from t = −1. The Left wall (blue) and the Right wall (red) are
/// drawn from t = −1 up to the temperature, where they meet; the mast rises from there,
/// open-ended (an arrow). Both axes have ticks labelled with exact rationals; the mean
/// and the temperature are marked on the axes, named in the caption (`mean 1,
/// temperature 2`), and the mast is labelled with its value (`mast 1`). The ranges are
/// scaled to fit whatever their size, with one scale on both axes when that fits. A
/// number's thermograph is a mast alone, from t = −1 or from its (negative) temperature.
/// The output depends on `t` and `title` only.
///
/// ```
/// use nimlab::draw::thermograph_svg;
/// use nimlab::conway::{thermograph, Arena};
/// let mut a = Arena::new();
/// let (three, minus_one) = (a.integer(3), a.integer(-1));
/// let g = a.game(vec![three], vec![minus_one]);
/// let svg = thermograph_svg(&thermograph(&mut a, g), "{3|-1}");
/// assert!(svg.starts_with("<svg"));
/// assert!(svg.contains(">mast 1</text>"));
/// assert!(svg.contains(">mean 1, temperature 2</text>"));
/// ```
pub fn thermograph_svg(t: &Thermograph, title: &str) -> String {
    let temperature = t.temperature();
    let mean = t.mean();

    // The walls up to the temperature, where they meet the mast.
    let walls = [
        corners(&t.left, &temperature),
        corners(&t.right, &temperature),
    ];

    let frame = Frame::fit(&walls, &mean, &temperature);

    let mut out = Svg::new(WIDTH, HEIGHT, FONT, &format!("Thermograph of {title}"));

    title_and_caption(&mut out, title, &mean, &temperature);
    axes(&mut out, &frame);
    value_axis(&mut out, &frame, &mean, &walls);
    temperature_axis(&mut out, &frame, &temperature);
    let (mx, my) = (frame.x(&mean), frame.y(&temperature));
    // Where the mast starts: dashed lines to both axes.
    out.polyline(
        &[(PLOT_LEFT, my), (mx, my), (mx, PLOT_BOTTOM)],
        &Style::new().stroke("#777777").dash("2 3").class("guides"),
    );
    for (w, (colour, class)) in walls
        .iter()
        .zip([(LEFT_COLOUR, "left-wall"), (RIGHT_COLOUR, "right-wall")])
    {
        if w.len() < 2 {
            continue;
        }
        let points: Vec<(f64, f64)> = w.iter().map(|(v, t)| (frame.x(v), frame.y(t))).collect();
        out.polyline(
            &points,
            &Style::new().stroke(colour).width(2.0).round().class(class),
        );
    }
    mast(&mut out, (mx, my), &mean);
    out.finish()
}

/// The title, and the mean and temperature under it.
fn title_and_caption(out: &mut Svg, title: &str, mean: &Rational, temperature: &Rational) {
    let caption = format!(
        "mean {}, temperature {}",
        rational_text(mean),
        rational_text(temperature)
    );
    out.text(
        (WIDTH / 2.0, 28.0),
        Anchor::Middle,
        16.0,
        &Style::new().bold().class("title"),
        title,
        Some(WIDTH - 40.0),
    );
    out.text(
        (WIDTH / 2.0, 50.0),
        Anchor::Middle,
        FONT,
        &Style::new().class("caption"),
        &caption,
        Some(WIDTH - 40.0),
    );
}

/// The axes, the line t = 0, the axes' names and the sides.
fn axes(out: &mut Svg, frame: &Frame) {
    let y0 = frame.y(&Rational::zero());
    out.line(
        (PLOT_LEFT, y0),
        (PLOT_RIGHT, y0),
        &Style::new()
            .stroke("#999999")
            .dash("4 4")
            .class("zero-temperature"),
    );
    out.polyline(
        &[
            (PLOT_LEFT, PLOT_TOP),
            (PLOT_LEFT, PLOT_BOTTOM),
            (PLOT_RIGHT, PLOT_BOTTOM),
        ],
        &Style::new().stroke("black").class("axes"),
    );
    out.text(
        (PLOT_LEFT, PLOT_TOP - 10.0),
        Anchor::Middle,
        FONT,
        &Style::new().italic(),
        "t",
        Some(40.0),
    );
    out.text(
        (PLOT_LEFT, PLOT_BOTTOM + 48.0),
        Anchor::Start,
        FONT,
        &Style::new().fill(LEFT_COLOUR),
        "\u{2190} Left (positive values)",
        Some(250.0),
    );
    out.text(
        (PLOT_RIGHT, PLOT_BOTTOM + 48.0),
        Anchor::End,
        FONT,
        &Style::new().fill(RIGHT_COLOUR),
        "Right (negative values) \u{2192}",
        Some(250.0),
    );
}

/// The value axis: the mean first, then the walls' feet, then regular ticks, each label
/// where it does not overlap one already written.
fn value_axis(out: &mut Svg, frame: &Frame, mean: &Rational, walls: &[Vec<(Rational, Rational)>]) {
    let mut placed = Placed::default();
    let mut value_labels: Vec<(Rational, bool)> = vec![(mean.clone(), true)];
    for w in walls {
        if let Some((v, _)) = w.first() {
            value_labels.push((v.clone(), false));
        }
    }
    value_labels.extend(
        ticks(&frame.vlo, &frame.vhi())
            .into_iter()
            .map(|v| (v, false)),
    );
    for (i, (v, key)) in value_labels.iter().enumerate() {
        let x = frame.x(v);
        let label = rational_text(v);
        let max_width = if *key {
            KEY_LABEL_WIDTH
        } else {
            TICK_LABEL_WIDTH
        };
        let w = text_width(&label, FONT).min(max_width);
        let x = x.clamp(w / 2.0 + 2.0, WIDTH - w / 2.0 - 2.0);
        let (a, b) = (x - w / 2.0, x + w / 2.0);
        if i > 0 && (!placed.clear(a, b) || text_width(&label, FONT) > max_width) {
            continue;
        }
        placed.take(a, b);
        let tick = frame.x(v);
        out.line(
            (tick, PLOT_BOTTOM),
            (tick, PLOT_BOTTOM + 5.0),
            &Style::new().stroke("black"),
        );
        let style = if *key {
            Style::new().bold().class("mean")
        } else {
            Style::new()
        };
        out.text(
            (x, PLOT_BOTTOM + 20.0),
            Anchor::Middle,
            FONT,
            &style,
            &label,
            Some(max_width),
        );
    }
}

/// The temperature axis: the temperature first, then −1 and 0, then regular ticks.
fn temperature_axis(out: &mut Svg, frame: &Frame, temperature: &Rational) {
    let mut placed = Placed::default();
    let mut t_labels: Vec<(Rational, bool)> = vec![
        (temperature.clone(), true),
        (q(-1), false),
        (Rational::zero(), false),
    ];
    t_labels.extend(
        ticks(&frame.tlo, &frame.thi())
            .into_iter()
            .map(|t| (t, false)),
    );
    let max_width = PLOT_LEFT - 14.0;
    for (i, (t, key)) in t_labels.iter().enumerate() {
        let y = frame.y(t);
        let label = rational_text(t);
        let wide = text_width(&label, FONT) > max_width;
        // A temperature too wide for the margin is written inside the plot, above its
        // tick.
        let inside = i == 0 && wide;
        let (a, b) = if inside {
            (y - FONT * 1.5, y)
        } else {
            (y - FONT / 2.0, y + FONT / 2.0)
        };
        if i > 0 && (!placed.clear(a, b) || wide) {
            continue;
        }
        placed.take(a, b);
        out.line(
            (PLOT_LEFT - 5.0, y),
            (PLOT_LEFT, y),
            &Style::new().stroke("black"),
        );
        let style = if *key {
            Style::new().bold().class("temperature")
        } else {
            Style::new()
        };
        if inside {
            out.text(
                (PLOT_LEFT + 6.0, y - 5.0),
                Anchor::Start,
                FONT,
                &style,
                &label,
                Some(PLOT_RIGHT - PLOT_LEFT - 12.0),
            );
        } else {
            out.text(
                (PLOT_LEFT - 8.0, y + FONT / 3.0),
                Anchor::End,
                FONT,
                &style,
                &label,
                Some(max_width),
            );
        }
    }
}

/// The mast from `(mx, my)` up, open-ended (an arrow at the top), with its label beside
/// the arrow on the side with more room.
fn mast(out: &mut Svg, (mx, my): (f64, f64), mean: &Rational) {
    let top = PLOT_TOP + 2.0;
    out.line(
        (mx, my),
        (mx, top + 8.0),
        &Style::new().stroke(MAST_COLOUR).width(2.0).class("mast"),
    );
    out.polygon(
        &[(mx - 5.0, top + 10.0), (mx, top), (mx + 5.0, top + 10.0)],
        &Style::new().fill(MAST_COLOUR).class("mast-arrow"),
    );
    out.circle(
        (mx, my),
        3.0,
        &Style::new().fill(MAST_COLOUR).class("mast-foot"),
    );
    let mast_label = format!("mast {}", rational_text(mean));
    let (lx, anchor, room) = if mx < (PLOT_LEFT + PLOT_RIGHT) / 2.0 {
        (mx + 8.0, Anchor::Start, WIDTH - mx - 18.0)
    } else {
        (mx - 8.0, Anchor::End, mx - 18.0)
    };
    out.text(
        (lx, top + 12.0),
        anchor,
        FONT,
        &Style::new().class("mast-label"),
        &mast_label,
        Some(room),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conway::{thermograph, Arena};
    use crate::picture::num;

    fn svg_of(build: impl FnOnce(&mut Arena) -> crate::conway::GameId, title: &str) -> String {
        let mut a = Arena::new();
        let g = build(&mut a);
        let t = thermograph(&mut a, g);
        thermograph_svg(&t, title)
    }

    fn three_minus_one(a: &mut Arena) -> crate::conway::GameId {
        let (three, minus_one) = (a.integer(3), a.integer(-1));
        a.game(vec![three], vec![minus_one])
    }

    /// The numbers in every `points="…"` and coordinate attribute of the picture.
    fn coordinates(svg: &str) -> Vec<f64> {
        let mut out = Vec::new();
        for attr in [
            " points=\"",
            " x=\"",
            " y=\"",
            " x1=\"",
            " x2=\"",
            " y1=\"",
            " y2=\"",
            " cx=\"",
            " cy=\"",
        ] {
            for (i, _) in svg.match_indices(attr) {
                let rest = &svg[i + attr.len()..];
                let end = rest.find('"').unwrap();
                for n in rest[..end].split([' ', ',']) {
                    out.push(n.parse::<f64>().unwrap_or(f64::NAN));
                }
            }
        }
        out
    }

    fn polyline(svg: &str, class: &str) -> Option<Vec<(f64, f64)>> {
        let line = svg
            .lines()
            .find(|l| l.starts_with("<polyline") && l.contains(&format!("class=\"{class}\"")))?;
        let start = line.find("points=\"")? + 8;
        let end = start + line[start..].find('"')?;
        Some(
            line[start..end]
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect(),
        )
    }

    #[test]
    fn three_minus_one_has_mean_1_and_temperature_2() {
        let svg = svg_of(three_minus_one, "{3|-1}");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.ends_with("</svg>\n"));
        assert!(svg.contains(">mean 1, temperature 2</text>"), "{svg}");
        assert!(svg.contains("class=\"mean\">1</text>"), "{svg}");
        assert!(svg.contains("class=\"temperature\">2</text>"), "{svg}");
        assert!(svg.contains(">mast 1</text>"), "{svg}");
        assert!(svg.contains(">{3|-1}</text>"), "{svg}");
        // The walls' feet at t = −1: 4 on the left, −2 on the right.
        assert!(
            svg.contains(">4</text>") && svg.contains(">-2</text>"),
            "{svg}"
        );
    }

    #[test]
    fn the_walls_run_left_of_right_and_meet_at_the_mast() {
        let svg = svg_of(three_minus_one, "{3|-1}");
        let left = polyline(&svg, "left-wall").unwrap();
        let right = polyline(&svg, "right-wall").unwrap();
        // From t = −1 (bottom) up to t = 2: Left's foot (value 4) is left of Right's (−2).
        assert!(left[0].0 < right[0].0);
        assert_eq!(left[0].1, PLOT_BOTTOM);
        assert_eq!(left.last(), right.last());
        // One scale on both axes: slopes ±1 are drawn at 45°.
        let (a, b) = (left[0], left[left.len() - 1]);
        assert!(
            ((b.0 - a.0).abs() - (b.1 - a.1).abs()).abs() < 0.05,
            "{left:?}"
        );
    }

    #[test]
    fn every_coordinate_is_finite_and_inside_the_picture() {
        type Build = Box<dyn FnOnce(&mut Arena) -> crate::conway::GameId>;
        let builders: Vec<Build> = vec![
            Box::new(three_minus_one),
            Box::new(|a: &mut Arena| a.integer(5)),
            Box::new(|a: &mut Arena| a.zero()),
            Box::new(|a: &mut Arena| a.star(1)),
            Box::new(|a: &mut Arena| a.up(1)),
            Box::new(|a: &mut Arena| {
                let (zero, one) = (a.zero(), a.integer(1));
                a.game(vec![zero], vec![one])
            }),
            Box::new(|a: &mut Arena| {
                let big = a.integer(i64::MAX);
                let small = a.integer(i64::MIN + 1);
                a.game(vec![big], vec![small])
            }),
            Box::new(|a: &mut Arena| {
                // {3||2|1}: walls with several corners.
                let (three, two, one) = (a.integer(3), a.integer(2), a.integer(1));
                let r = a.game(vec![two], vec![one]);
                a.game(vec![three], vec![r])
            }),
        ];
        for build in builders {
            let svg = svg_of(build, "g");
            let cs = coordinates(&svg);
            assert!(!cs.is_empty());
            for c in cs {
                assert!(c.is_finite() && (0.0..=WIDTH).contains(&c), "{c} in {svg}");
            }
        }
    }

    #[test]
    fn a_number_is_a_mast_alone() {
        let svg = svg_of(|a| a.integer(5), "5");
        assert!(!svg.contains("class=\"left-wall\""), "{svg}");
        assert!(!svg.contains("class=\"right-wall\""), "{svg}");
        assert!(svg.contains("class=\"mast\""), "{svg}");
        assert!(svg.contains(">mean 5, temperature -1</text>"), "{svg}");
        assert!(svg.contains(">mast 5</text>"), "{svg}");
        // The mast rises from t = −1, the bottom of the picture.
        assert!(
            svg.contains(&format!("y1=\"{}\"", num(PLOT_BOTTOM))),
            "{svg}"
        );
    }

    #[test]
    fn a_fraction_has_short_walls_below_zero() {
        // 1/2 = {0|1}: the walls meet at t = −1/2.
        let svg = svg_of(
            |a| {
                let (zero, one) = (a.zero(), a.integer(1));
                a.game(vec![zero], vec![one])
            },
            "1/2",
        );
        assert!(svg.contains(">mean 1/2, temperature -1/2</text>"), "{svg}");
        let left = polyline(&svg, "left-wall").unwrap();
        assert_eq!(left.len(), 2);
        assert!(left[1].1 > polyline(&svg, "zero-temperature").map_or(0.0, |p| p[0].1));
    }

    #[test]
    fn huge_values_are_exact_and_squeezed() {
        let svg = svg_of(
            |a| {
                let big = a.integer(i64::MAX);
                let small = a.integer(-i64::MAX);
                a.game(vec![big], vec![small])
            },
            "huge",
        );
        assert!(svg.contains(">mast 0</text>"), "{svg}");
        let t = i64::MAX.to_string();
        assert!(svg.contains("class=\"temperature\""), "{svg}");
        assert!(svg.contains(&format!(">{t}</text>")), "{svg}");
    }

    #[test]
    fn text_is_escaped() {
        let svg = svg_of(|a| a.integer(1), "1 < 2 & \"x\" > 'y'");
        assert!(svg.contains(">1 &lt; 2 &amp; &quot;x&quot; &gt; &apos;y&apos;</text>"));
        assert!(!svg.contains("1 < 2"));
    }

    #[test]
    fn the_picture_is_deterministic() {
        assert_eq!(
            svg_of(three_minus_one, "{3|-1}"),
            svg_of(three_minus_one, "{3|-1}")
        );
    }

    #[test]
    fn ticks_are_regular_and_few() {
        assert_eq!(
            ticks(&q(-1), &q(3)),
            (-2..=6)
                .map(|i| Rational::new(BigInt::from(i), BigInt::from(2)))
                .collect::<Vec<_>>()
        );
        assert_eq!(ticks(&q(0), &q(100)).len(), 6);
        assert!(ticks(&q(1), &q(1)).is_empty());
    }
}
