//! Games in CGSuite's notation written as LaTeX, for notebooks and papers.

/// The LaTeX of a game written in CGSuite's plain-text notation (as [`print`](super::print)
/// writes it), for math mode: braces escaped, bars as `\mid` and `\parallel`, `^` and `v`
/// as arrows, `*` as `\ast`, `+-` as `\pm`, fractions as `\frac`, names upright.
///
/// ```
/// use nimlab::notation::latex;
/// assert_eq!(latex("{3||2|1}"), r"\{3\parallel 2\mid 1\}");
/// assert_eq!(latex("^^*"), r"\uparrow\uparrow\ast");
/// assert_eq!(latex("9/4v"), r"\frac{9}{4}\downarrow");
/// assert_eq!(latex("vv*"), r"\downarrow\downarrow\ast");
/// assert_eq!(latex("+-{1|*3}"), r"\pm\{1\mid \ast3\}");
/// assert_eq!(latex("{0|||-1/2}"), r"\{0\mid\mid\mid -\frac{1}{2}\}");
/// assert_eq!(latex("Tiny(2)"), r"\mathrm{Tiny}(2)");
/// assert_eq!((latex("3"), latex("3/"), latex("")), ("3".into(), "3/".into(), String::new()));
/// ```
pub fn latex(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() * 2);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '{' => out.push_str(r"\{"),
            '}' => out.push_str(r"\}"),
            '|' => {
                let n = chars[i..].iter().take_while(|&&b| b == '|').count();
                out.push_str(if n == 2 { r"\parallel" } else { r"\mid" });
                if n > 2 {
                    out.push_str(&r"\mid".repeat(n - 1));
                }
                out.push(' ');
                i += n;
                continue;
            }
            '^' => out.push_str(r"\uparrow"),
            'v' if !in_word(&chars, i) => {
                out.push_str(r"\downarrow");
            }
            '*' => out.push_str(r"\ast"),
            '+' if chars.get(i + 1) == Some(&'-') => {
                out.push_str(r"\pm");
                i += 2;
                continue;
            }
            '<' => out.push_str(r"\langle "),
            '>' => out.push_str(r"\rangle "),
            ' ' => out.push_str(r"\ "),
            '#' | '$' | '%' | '&' | '_' | '~' | '\\' => {
                out.push_str(r"\text{\char");
                out.push_str(&u32::from(c).to_string());
                out.push('}');
            }
            c if c.is_ascii_digit() => {
                let n = chars[i..].iter().take_while(|b| b.is_ascii_digit()).count();
                let num: String = chars[i..i + n].iter().collect();
                let d = chars
                    .get(i + n + 1..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if chars.get(i + n) == Some(&'/') && d > 0 {
                    let den: String = chars[i + n + 1..i + n + 1 + d].iter().collect();
                    out.push_str(&format!(r"\frac{{{num}}}{{{den}}}"));
                    i += n + 1 + d;
                } else {
                    out.push_str(&num);
                    i += n;
                }
                continue;
            }
            c if c.is_alphabetic() => {
                let n = chars[i..].iter().take_while(|b| b.is_alphabetic()).count();
                let word: String = chars[i..i + n].iter().collect();
                out.push_str(&format!(r"\mathrm{{{word}}}"));
                i += n;
                continue;
            }
            c => out.push(c),
        }
        i += 1;
    }
    out
}

/// Whether the `v` at `i` is a letter of a name (such as `Miny`) rather than a down:
/// a letter other than `v` stands next to it.
fn in_word(chars: &[char], i: usize) -> bool {
    let letter = |c: Option<&char>| c.is_some_and(|&c| c.is_alphabetic() && c != 'v');
    letter(chars.get(i + 1)) || letter(i.checked_sub(1).and_then(|j| chars.get(j)))
}

#[cfg(test)]
mod tests {
    use super::latex;

    #[test]
    fn every_short_text_is_written() {
        // Every text of up to four characters from the notation's alphabet (and a few
        // others) is written without a panic, and braces are always escaped.
        let alphabet: Vec<char> = "{}|^v*+-/0123.9<>,:aTx #_é".chars().collect();
        let mut texts = vec![String::new()];
        for _ in 0..4 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            for t in &longer {
                let l = latex(t);
                assert_eq!(l.matches(r"\{").count(), t.matches('{').count(), "{t}");
            }
            texts = longer;
        }
    }
}
