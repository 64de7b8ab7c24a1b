//! `nimlab serve`: the real binary on a free port of the loopback interface. Every
//! endpoint answers what the command prints with `--json` for the same input; bad requests
//! get a 4xx with a JSON message; a burst of concurrent requests, bad ones among them, is
//! answered in full and the server lives on; Ctrl-C stops it.

mod common;

use common::json;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `nimlab serve`, ended (killed) when dropped.
struct Server {
    child: Child,
    base: String,
    /// Kept open: the server may print again.
    _stdout: BufReader<std::process::ChildStdout>,
}

impl Server {
    /// Starts `nimlab serve --port 0` with `args` on the loopback interface and reads the
    /// address it prints.
    fn start(args: &[&str]) -> Server {
        Server::start_on("127.0.0.1", args)
    }

    /// Starts `nimlab serve --port 0` with `args`, which must listen on `host`.
    fn start_on(host: &str, args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nimlab"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        let mut line = String::new();
        let mut stdout = BufReader::new(child.stdout.take().expect("a pipe"));
        stdout.read_line(&mut line).expect("the address is printed");
        let base = line
            .trim()
            .strip_prefix("nimlab: serving ")
            .unwrap_or_else(|| panic!("not an address: {line:?}"))
            .to_string();
        assert!(base.starts_with(&format!("http://{host}:")), "{base}");
        Server {
            child,
            base,
            _stdout: stdout,
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The `host:port` part, for raw connections.
    fn host(&self) -> &str {
        self.base.trim_start_matches("http://")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that hands back 4xx and 5xx answers instead of failing on them.
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(60)))
        .build()
        .into()
}

/// An answer: its status, content type and body.
struct Answer {
    status: u16,
    content_type: String,
    allow: Option<String>,
    body: Vec<u8>,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    /// The message of a refusal, which must be `{"error": "…"}` and nothing else.
    fn error(&self) -> String {
        let v = self.json();
        let object = v.as_object().expect("an object");
        assert_eq!(object.len(), 1, "{v}");
        v["error"].as_str().expect("a message").to_string()
    }
}

fn read(mut r: ureq::http::Response<ureq::Body>) -> Answer {
    let header = |name| {
        r.headers()
            .get(name)
            .and_then(|v: &ureq::http::HeaderValue| v.to_str().ok())
            .map(str::to_string)
    };
    let content_type = header("content-type").unwrap_or_default();
    let allow = header("allow");
    Answer {
        status: r.status().as_u16(),
        content_type,
        allow,
        body: r
            .body_mut()
            .with_config()
            .limit(64 << 20)
            .read_to_vec()
            .expect("the body is read"),
    }
}

fn post(agent: &ureq::Agent, url: &str, body: &[u8]) -> Answer {
    post_as(agent, url, Some("application/json"), body)
}

/// A POST request with the given content type, or none.
fn post_as(agent: &ureq::Agent, url: &str, content_type: Option<&str>, body: &[u8]) -> Answer {
    let mut request = agent.post(url);
    if let Some(t) = content_type {
        request = request.header("content-type", t);
    }
    read(request.send(body).expect("an answer"))
}

fn get(agent: &ureq::Agent, url: &str) -> Answer {
    read(agent.get(url).call().expect("an answer"))
}

/// Percent-encodes a query value.
fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The same question put as a JSON body and as query parameters: both answers must be
/// what the command prints.
fn both_ways(server: &Server, agent: &ureq::Agent, path: &str, body: &Value) -> Value {
    let posted = post(agent, &server.url(path), body.to_string().as_bytes());
    assert_eq!(
        posted.status,
        200,
        "{path} {body}: {}",
        String::from_utf8_lossy(&posted.body)
    );
    assert_eq!(posted.content_type, "application/json");
    let query: Vec<String> = body
        .as_object()
        .expect("an object")
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            format!("{k}={}", encode(&v))
        })
        .collect();
    let got = get(agent, &server.url(&format!("{path}?{}", query.join("&"))));
    assert_eq!(got.status, 200, "{path}?{}", query.join("&"));
    assert_eq!(
        got.json(),
        posted.json(),
        "{path} {body}: GET and POST differ"
    );
    posted.json()
}

/// Bouton's theorem, worked out here: the value of Nim heaps is their XOR (`0`, `*1`, …).
fn nim_value(heaps: &[u64]) -> String {
    match heaps.iter().fold(0, |x, h| x ^ h) {
        0 => "0".to_string(),
        v => format!("*{v}"),
    }
}

/// The first `n` Grundy values of Kayles by the mex rule: a move takes one or two pins
/// from a row and leaves two rows of `a` and `b` pins, worth `g(a) ⊕ g(b)`.
fn kayles_by_mex(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n);
    for row in 0..n {
        let mut seen = vec![false; row + 2];
        for taken in 1..=2.min(row) {
            for a in 0..=row - taken {
                let v = (g[a] ^ g[row - taken - a]) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
            }
        }
        g.push(seen.iter().position(|s| !s).unwrap_or(seen.len()) as u64);
    }
    g
}

#[test]
fn every_endpoint_answers_as_the_command_prints() {
    let server = Server::start(&[]);
    let agent = agent();
    let analyses: &[(&[&str], Value)] = &[
        (
            &["analyze", "nim", "3", "5", "7"],
            serde_json::json!({"game": "nim", "position": "3 5 7"}),
        ),
        (
            &["analyze", "nim", "1", "2", "3", "+", "kayles", "4"],
            serde_json::json!({"game": "nim", "position": "1 2 3 + kayles 4"}),
        ),
        (
            &["analyze", "nim", "1", "3", "5", "7", "--misere"],
            serde_json::json!({"game": "nim", "position": "1 3 5 7", "misere": true}),
        ),
        (
            &["analyze", "nim", "3", "5", "7", "--max-moves", "1"],
            serde_json::json!({"game": "nim", "position": "3 5 7", "max_moves": 1}),
        ),
        (
            &["analyze", "domineering", "3x3"],
            serde_json::json!({"game": "domineering", "position": "3x3"}),
        ),
        (
            &["analyze", "bus-nim", "1", "2"],
            serde_json::json!({"game": "bus-nim", "position": "1 2"}),
        ),
    ];
    for (args, body) in analyses {
        assert_eq!(
            both_ways(&server, &agent, "/api/analyze", body),
            json(args),
            "{args:?}"
        );
    }
    // Bouton, worked out here: 3 5 7 is an N-position (its nim-sum is not 0), and its
    // winning moves are those that leave a nim-sum of 0, one per heap h with h ⊕ s < h.
    let heaps = [3u64, 5, 7];
    let s = heaps.iter().fold(0, |x, h| x ^ h);
    assert_ne!(s, 0);
    let winning: Vec<String> = (0..heaps.len())
        .filter(|&i| heaps[i] ^ s < heaps[i])
        .map(|i| {
            let mut after = heaps;
            after[i] ^= s;
            after.map(|h| h.to_string()).join(" ")
        })
        .collect();
    assert_eq!(winning.len(), 3);
    let nim = both_ways(&server, &agent, "/api/analyze", &analyses[0].1);
    assert_eq!(nim["outcome"], "N");
    assert_eq!(nim["value"], nim_value(&heaps));
    let to: Vec<&str> = nim["winning_moves"]
        .as_array()
        .expect("moves")
        .iter()
        .filter_map(|m| m["to"].as_str())
        .collect();
    assert_eq!(to, winning);

    let values: &[(&[&str], Value)] = &[
        (
            &["value", "{3||2|1}.Temperature"],
            serde_json::json!({"expression": "{3||2|1}.Temperature"}),
        ),
        (
            &["value", "^ + *"],
            serde_json::json!({"expression": "^ + *"}),
        ),
        (
            &["value", "{0,*|*}", "--explain"],
            serde_json::json!({"expression": "{0,*|*}", "explain": true}),
        ),
    ];
    for (args, body) in values {
        assert_eq!(
            both_ways(&server, &agent, "/api/value", body),
            json(args),
            "{args:?}"
        );
    }
    // {3||2|1} has temperature 3/4 (Winning Ways; the issue's calculator example).
    assert_eq!(
        both_ways(&server, &agent, "/api/value", &values[0].1)["output"],
        "3/4"
    );

    let sequences: &[(&[&str], Value)] = &[
        (
            &["sequence", "kayles", "--to", "300"],
            serde_json::json!({"rule": "kayles", "to": 300}),
        ),
        (
            &["sequence", "0.137", "--prove"],
            serde_json::json!({"rule": "0.137", "prove": true}),
        ),
    ];
    for (args, body) in sequences {
        assert_eq!(
            both_ways(&server, &agent, "/api/sequence", body),
            json(args),
            "{args:?}"
        );
    }
    // Kayles: period 12 from heap 71 (Guy and Smith, 1956), and its first values by the
    // mex rule worked out here: knocking down one or two pins leaves two rows.
    let kayles = both_ways(&server, &agent, "/api/sequence", &sequences[0].1);
    assert_eq!(
        (kayles["period"].as_u64(), kayles["preperiod"].as_u64()),
        (Some(12), Some(71))
    );
    let first: Vec<u64> = kayles["first_values"]
        .as_array()
        .expect("values")
        .iter()
        .map(|v| v.as_u64().expect("a number"))
        .collect();
    assert!(first.len() >= 50, "{}", first.len());
    assert_eq!(first, kayles_by_mex(first.len()));

    let games = get(&agent, &server.url("/api/games"));
    assert_eq!(games.status, 200);
    assert_eq!(games.content_type, "application/json");
    assert_eq!(games.json(), json(&["games"]));
}

#[test]
fn every_catalogue_example_is_analysed_as_the_command_analyses_it() {
    let server = Server::start(&[]);
    let agent = agent();
    let games = get(&agent, &server.url("/api/games")).json();
    let games = games.as_array().expect("a list");
    assert!(games.len() > 40, "{}", games.len());
    for g in games {
        let example = g["example"].as_str().expect("an example");
        let (id, position) = example.split_once(' ').unwrap_or((example, ""));
        let body = serde_json::json!({"game": id, "position": position});
        let answer = post(
            &agent,
            &server.url("/api/analyze"),
            body.to_string().as_bytes(),
        );
        let mut args = vec!["analyze"];
        args.extend(example.split_whitespace());
        assert_eq!(
            answer.status,
            200,
            "{example}: {}",
            String::from_utf8_lossy(&answer.body)
        );
        assert_eq!(answer.json(), json(&args), "{example}");
    }
}

#[test]
fn the_page_or_the_note_that_it_was_not_built_is_served() {
    let server = Server::start(&[]);
    let agent = agent();
    let root = get(&agent, &server.url("/"));
    assert_eq!(root.status, 200);
    assert_eq!(root.content_type, "text/html; charset=utf-8");
    let dist = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../nimlab-web/dist");
    let index = dist.join("index.html");
    let text = String::from_utf8_lossy(&root.body);
    let note = text.contains("The page was not built into this binary");
    if !index.exists() {
        assert!(note, "{text}");
        assert!(text.contains("crates/nimlab-web/build.sh"), "{text}");
        // The API works without the page; a file of the page is not there.
        let asset = get(&agent, &server.url("/assets/index.js"));
        assert_eq!(asset.status, 404);
        assert_eq!(asset.content_type, "application/json");
        return;
    }
    // The binary takes the folder as it was when it was compiled: one compiled before the
    // page was built has no page.
    assert!(
        !note,
        "{} exists but the binary was compiled before it: compile nimlab-cli again \
         (touch crates/nimlab-cli/src/serve/page.rs)",
        index.display()
    );
    // A debug build reads the files from the folder: each is served as it is, with the
    // content type of its kind.
    assert_eq!(
        root.body,
        std::fs::read(&index).expect("index.html is read")
    );
    let mut folders = vec![dist.clone()];
    let mut seen = 0;
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the folder is read") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            let name = path
                .strip_prefix(&dist)
                .expect("inside dist")
                .to_string_lossy()
                .replace('\\', "/");
            let answer = get(&agent, &server.url(&format!("/{name}")));
            assert_eq!(answer.status, 200, "{name}");
            assert_eq!(answer.body, std::fs::read(&path).expect("read"), "{name}");
            let expected = match name.rsplit_once('.').map(|(_, e)| e) {
                Some("wasm") => "application/wasm",
                Some("js") => "text/javascript; charset=utf-8",
                Some("css") => "text/css; charset=utf-8",
                Some("html") => "text/html; charset=utf-8",
                Some("svg") => "image/svg+xml",
                _ => continue,
            };
            assert_eq!(answer.content_type, expected, "{name}");
            seen += 1;
        }
    }
    assert!(seen > 0);
}

/// A request written by hand on a connection of its own, and the status line answered.
fn raw(server: &Server, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(server.host()).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .expect("a timeout");
    stream.write_all(request).expect("written");
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    // The status line, the headers and the start of the body are enough.
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") || !answer.ends_with(b"\n") {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&answer).into_owned()
}

#[test]
fn bad_requests_get_a_4xx_with_a_clear_message() {
    let server = Server::start(&["--time-limit", "1s"]);
    let agent = agent();
    let analyze = server.url("/api/analyze");
    let cases: Vec<(&str, Vec<u8>, u16, &str)> = vec![
        (
            "deep nesting",
            format!(r#"{{"game":{}}}"#, "[".repeat(50_000)).into_bytes(),
            422,
            "invalid type: sequence",
        ),
        (
            "deep nesting at the top",
            "[".repeat(60_000).into_bytes(),
            422,
            "invalid type: sequence, expected a string at line 1 column 1",
        ),
        (
            "invalid UTF-8",
            b"{\"game\":\"nim\xff\"}".to_vec(),
            400,
            "not UTF-8 text: invalid byte 0xff at offset 12",
        ),
        (
            "broken JSON",
            br#"{"game": "nim" "position": "3 5"}"#.to_vec(),
            400,
            "expected `,` or `}` at line 1 column 16",
        ),
        ("an empty body", Vec::new(), 400, "EOF while parsing"),
        (
            "an unknown field",
            br#"{"game":"nim","positoin":"3 5"}"#.to_vec(),
            422,
            "unknown field `positoin`",
        ),
        (
            "a field of the wrong type",
            br#"{"game":"nim","misere":"yes"}"#.to_vec(),
            422,
            "invalid type: string \"yes\", expected a boolean",
        ),
        (
            "an unknown game",
            br#"{"game":"nimm","position":"3 5"}"#.to_vec(),
            422,
            "unknown game `nimm`: did you mean `nim`?",
        ),
        (
            "an unknown game without a close one",
            br#"{"game":"zzzzzz","position":"3 5"}"#.to_vec(),
            422,
            "(`GET /api/games` lists every game)",
        ),
        (
            "an invalid position",
            br#"{"game":"nim","position":"3 -4"}"#.to_vec(),
            422,
            "cannot read `-4` (argument 3): expected a heap size: it cannot be negative",
        ),
        (
            "misère play of a partizan game",
            br#"{"game":"domineering","position":"2x2","misere":true}"#.to_vec(),
            422,
            "",
        ),
        (
            "a computation beyond the time limit",
            br#"{"game":"domineering","position":"8x8"}"#.to_vec(),
            422,
            "stopped at the time limit of 1 s",
        ),
    ];
    // A valid request between the bad ones: the server answers it each time.
    let alive = |after: &str| {
        let nim = post(&agent, &analyze, br#"{"game":"nim","position":"1 2"}"#);
        assert_eq!(nim.status, 200, "after {after}");
        assert_eq!(nim.json()["value"], nim_value(&[1, 2]), "after {after}");
    };
    for (what, body, status, message) in &cases {
        let answer = post(&agent, &analyze, body);
        assert_eq!(
            answer.status,
            *status,
            "{what}: {}",
            String::from_utf8_lossy(&answer.body)
        );
        assert_eq!(answer.content_type, "application/json", "{what}");
        let error = answer.error();
        assert!(error.contains(message), "{what}: {error}");
        alive(what);
    }
    // The body must be said to be JSON.
    let body = br#"{"game":"nim","position":"3 5 7"}"#;
    for (content_type, message) in [
        (
            Some("text/plain"),
            "the request's Content-Type is `text/plain`",
        ),
        (
            Some("application/x-www-form-urlencoded"),
            "the body must be JSON, sent with `Content-Type: application/json`",
        ),
        (None, "the request has no Content-Type"),
    ] {
        let answer = post_as(&agent, &analyze, content_type, body);
        assert_eq!(answer.status, 415, "{content_type:?}");
        assert!(answer.error().contains(message), "{}", answer.error());
        alive("a wrong content type");
    }
    for content_type in [
        "application/json; charset=utf-8",
        "Application/JSON",
        "application/vnd.api+json",
    ] {
        let answer = post_as(&agent, &analyze, Some(content_type), body);
        assert_eq!(answer.status, 200, "{content_type}");
    }
    // A query longer than the server reads: the request belongs in a body.
    let long = get(
        &agent,
        &server.url(&format!(
            "/api/analyze?game=nim&position={}",
            "1+".repeat(10_000)
        )),
    );
    assert_eq!(long.status, 414);
    assert!(
        long.error()
            .contains("the query is longer than the server reads (16 KiB)"),
        "{}",
        long.error()
    );
    alive("a long query");
    // The other endpoints read their requests alike.
    let value = post(
        &agent,
        &server.url("/api/value"),
        br#"{"expression":"{1|"}"#,
    );
    assert_eq!(value.status, 422);
    assert!(value
        .error()
        .contains("cannot read the expression at column"));
    let nested = format!(
        r#"{{"expression":"{}0{}"}}"#,
        "{".repeat(30_000),
        "|}".repeat(0)
    );
    let value = post(&agent, &server.url("/api/value"), nested.as_bytes());
    assert_eq!(value.status, 422);
    assert!(
        value.error().contains("levels of nesting"),
        "{}",
        value.error()
    );
    let sequence = post(
        &agent,
        &server.url("/api/sequence"),
        br#"{"rule":"kayles"}"#,
    );
    assert_eq!(sequence.status, 422);
    assert!(sequence.error().contains("how far to compute is missing"));
    let query = get(&agent, &server.url("/api/analyze?game=nim&positoin=3"));
    assert_eq!(query.status, 422);
    assert!(
        query.error().contains("unknown field `positoin`"),
        "{}",
        query.error()
    );
    let query = get(&agent, &server.url("/api/analyze"));
    assert_eq!(query.status, 422);
    assert!(
        query.error().contains("missing field `game`"),
        "{}",
        query.error()
    );

    // Routes and methods.
    let unknown = get(&agent, &server.url("/api/analyse"));
    assert_eq!(unknown.status, 404);
    assert!(unknown.error().contains("no such route: GET /api/analyse"));
    assert_eq!(get(&agent, &server.url("/no/such/file.js")).status, 404);
    let put = read(
        agent
            .put(server.url("/api/games"))
            .send("{}")
            .expect("an answer"),
    );
    assert_eq!(put.status, 405);
    assert_eq!(put.allow.as_deref(), Some("GET, HEAD"));
    assert!(
        put.error().contains("/api/games does not take PUT"),
        "{}",
        put.error()
    );
    let delete = read(agent.delete(&analyze).call().expect("an answer"));
    assert_eq!(delete.status, 405);
    assert!(delete.error().contains("it takes GET, HEAD, POST"));

    // A body beyond the limit: refused by its declared length before it is read, or as
    // it is read when it comes in chunks that do not say their length.
    let head = raw(
        &server,
        b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n",
    );
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    assert!(
        head.contains(r#"{"error":"the request body is larger than the server reads (64 KiB)"}"#),
        "{head}"
    );
    alive("a declared length beyond the limit");
    let mut chunked = b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n".to_vec();
    for _ in 0..3 {
        chunked.extend_from_slice(format!("{:x}\r\n", 30_000).as_bytes());
        chunked.extend(std::iter::repeat_n(b' ', 30_000));
        chunked.extend_from_slice(b"\r\n");
    }
    chunked.extend_from_slice(b"0\r\n\r\n");
    let head = raw(&server, &chunked);
    assert!(head.starts_with("HTTP/1.1 413"), "{head}");
    assert!(
        head.contains("larger than the server reads (64 KiB)"),
        "{head}"
    );
    alive("a body in chunks beyond the limit");
    // Not HTTP at all.
    let garbage = raw(
        &server,
        b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
    );
    assert!(
        garbage.is_empty() || garbage.starts_with("HTTP/1.1 400"),
        "{garbage}"
    );

    // Alive after all of it.
    let nim = post(&agent, &analyze, br#"{"game":"nim","position":"3 5 7"}"#);
    assert_eq!(nim.status, 200);
}

#[test]
fn a_computation_beyond_the_memory_limit_is_stopped() {
    let server = Server::start(&["--memory", "16M", "--time-limit", "60s"]);
    let agent = agent();
    let analyze = server.url("/api/analyze");
    let big = post(
        &agent,
        &analyze,
        br#"{"game":"domineering","position":"8x8"}"#,
    );
    assert_eq!(big.status, 422, "{}", String::from_utf8_lossy(&big.body));
    assert!(
        big.error()
            .contains("stopped at the memory limit of 16 MiB, the memory the server may hold"),
        "{}",
        big.error()
    );
    let nim = post(&agent, &analyze, br#"{"game":"nim","position":"3 5 7"}"#);
    assert_eq!(nim.status, 200);
    assert_eq!(nim.json()["value"], nim_value(&[3, 5, 7]));
}

/// A valid request of the burst, by its number: an analysis of Nim heaps (as a JSON body
/// or as query parameters) or a sum of nimbers, with the value Bouton's theorem gives.
fn valid_request(server: &Server, agent: &ureq::Agent, t: usize, i: usize) -> Result<(), String> {
    let heaps = [
        (t % 7 + 1) as u64,
        (i % 13 + 1) as u64,
        7,
        ((i * t) % 31) as u64,
    ];
    let (answer, field) = match i % 4 {
        0 | 1 => {
            let position = heaps.map(|h| h.to_string()).join(" ");
            let body = serde_json::json!({"game": "nim", "position": position});
            let answer = post(
                agent,
                &server.url("/api/analyze"),
                body.to_string().as_bytes(),
            );
            (answer, "value")
        }
        2 => {
            let position = heaps.map(|h| h.to_string()).join("+");
            let url = server.url(&format!("/api/analyze?game=nim&position={position}"));
            (get(agent, &url), "value")
        }
        _ => {
            let expression = heaps.map(|h| format!("*{h}")).join(" + ");
            let body = serde_json::json!({ "expression": expression });
            let answer = post(
                agent,
                &server.url("/api/value"),
                body.to_string().as_bytes(),
            );
            (answer, "output")
        }
    };
    // The calculator writes *1 as `*`, as CGSuite does.
    let expected = match nim_value(&heaps) {
        one if one == "*1" && field == "output" => "*".to_string(),
        other => other,
    };
    if answer.status != 200 {
        return Err(format!(
            "{heaps:?}: {} {}",
            answer.status,
            String::from_utf8_lossy(&answer.body)
        ));
    }
    if answer.json()[field] != expected.as_str() {
        return Err(format!(
            "{heaps:?}: {} is not {expected}",
            answer.json()[field]
        ));
    }
    Ok(())
}

#[test]
fn a_burst_of_concurrent_requests_is_answered_in_full() {
    // 48 connections, each a thread with a client of its own, send 64 requests one after
    // the other: 3,072 valid requests at once, with bad ones and a computation that runs
    // into its time limit beside them.
    const CONNECTIONS: usize = 48;
    const REQUESTS: usize = 64;
    let server = Server::start(&["--time-limit", "1s"]);
    let analyze = server.url("/api/analyze");
    let started = Instant::now();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let burst: Vec<_> = (0..CONNECTIONS)
            .map(|t| {
                let server = &server;
                scope.spawn(move || {
                    let agent = agent();
                    (0..REQUESTS)
                        .filter_map(|i| valid_request(server, &agent, t, i).err())
                        .collect::<Vec<String>>()
                })
            })
            .collect();
        let bad = scope.spawn(|| {
            let agent = agent();
            let mut failures = Vec::new();
            for round in 0..20 {
                let cases: [(Answer, u16); 5] = [
                    (post(&agent, &analyze, br#"{"game":"nim","size":3}"#), 422),
                    (post(&agent, &analyze, b"{\"game\":\"\xc3\x28\"}"), 400),
                    (post(&agent, &analyze, &[b'['; 3000]), 422),
                    (get(&agent, &server.url("/api/nothing")), 404),
                    (read(agent.delete(&analyze).call().expect("an answer")), 405),
                ];
                for (k, (answer, status)) in cases.iter().enumerate() {
                    if answer.status != *status {
                        failures.push(format!(
                            "bad request {k} of round {round}: {}",
                            answer.status
                        ));
                    }
                }
            }
            failures
        });
        // A long computation takes one core until its time limit; the burst goes on
        // beside it.
        let slow = post(
            &agent(),
            &analyze,
            br#"{"game":"domineering","position":"8x8"}"#,
        );
        assert_eq!(slow.status, 422, "{}", String::from_utf8_lossy(&slow.body));
        assert!(slow.error().contains("stopped at the time limit of 1 s"));
        let mut failures = bad.join().expect("the bad requests are sent");
        for b in burst {
            failures.extend(b.join().expect("the requests are sent"));
        }
        failures
    });
    assert!(
        failures.is_empty(),
        "{} wrong answers, the first: {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert!(started.elapsed() < Duration::from_secs(60));
    let games = get(&agent(), &server.url("/api/games"));
    assert_eq!(games.status, 200);
}

#[test]
fn ctrl_c_stops_the_server() {
    let mut server = Server::start(&["--time-limit", "60s"]);
    let agent = agent();
    assert_eq!(get(&agent, &server.url("/api/games")).status, 200);
    // A computation that would run for long is running when the server is told to stop:
    // it is stopped, and its request answered that the server is stopping.
    let analyze = server.url("/api/analyze");
    let running = std::thread::spawn(move || {
        post(
            &agent,
            &analyze,
            br#"{"game":"domineering","position":"8x8"}"#,
        )
    });
    std::thread::sleep(Duration::from_secs(1));
    let signal = Command::new("kill")
        .args(["-INT", &server.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(signal.success());
    let answer = running.join().expect("the request is answered");
    assert_eq!(answer.status, 503);
    assert_eq!(
        answer.error(),
        "the server is stopping: the computation was not finished"
    );
    let waited = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().expect("the child is there") {
            break status;
        }
        assert!(waited.elapsed() < Duration::from_secs(20), "still running");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    let mut err = String::new();
    server
        .child
        .stderr
        .take()
        .expect("a pipe")
        .read_to_string(&mut err)
        .expect("read");
    assert!(err.contains("nimlab: stopped"), "{err}");
}

#[test]
fn the_address_is_chosen_with_bind() {
    // Linux answers on every address of 127.0.0.0/8.
    if cfg!(target_os = "linux") {
        let server = Server::start_on("127.0.0.2", &["--bind", "127.0.0.2"]);
        let games = get(&agent(), &server.url("/api/games"));
        assert_eq!(games.status, 200);
        // Nothing listens at that port on 127.0.0.1.
        let port = server.host().rsplit_once(':').expect("a port").1;
        assert!(TcpStream::connect(format!("127.0.0.1:{port}")).is_err());
    }
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["serve", "--bind", "localhost:80"])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("invalid value 'localhost:80' for '--bind <ADDR>'"),
        "{err}"
    );
}

#[test]
fn a_port_in_use_is_refused_with_a_message() {
    let server = Server::start(&[]);
    let port = server.host().rsplit_once(':').expect("a port").1;
    let out = Command::new(env!("CARGO_BIN_EXE_nimlab"))
        .args(["serve", "--port", port])
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{err}"
    );
}
