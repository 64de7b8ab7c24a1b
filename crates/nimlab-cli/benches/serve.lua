-- Load for `nimlab serve`, with wrk: small requests to the route in the URL, each answer
-- checked against its known value, then latency percentiles, errors and wrong answers.
--
--   target/release/nimlab serve --port 8080 &
--   wrk -t2 -c32 -d20s -s crates/nimlab-cli/benches/serve.lua http://127.0.0.1:8080/api/analyze
--
-- /api/analyze asks for Nim 3 5 7 (nim-sum 3 ^ 5 ^ 7 = 1: value *1, a first-player win);
-- /api/value for {3||2|1}.Temperature (3/4, Winning Ways); any other path is fetched with
-- GET and only its status is checked. `serve.sh` runs all three and measures the server.

local requests = {
  ["/api/analyze"] = {
    body = '{"game":"nim","position":"3 5 7"}',
    expect = { '"outcome":"N"', '"value":"*1"' },
  },
  ["/api/value"] = {
    body = '{"expression":"{3||2|1}.Temperature"}',
    expect = { '"output":"3/4"' },
  },
}

local asked = requests[wrk.path]
if asked then
  wrk.method = "POST"
  wrk.body = asked.body
  wrk.headers["Content-Type"] = "application/json"
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  wrong = 0
  answered = 0
end

function response(status, headers, body)
  answered = answered + 1
  if status ~= 200 then
    wrong = wrong + 1
  elseif asked then
    for _, e in ipairs(asked.expect) do
      if not string.find(body, e, 1, true) then
        wrong = wrong + 1
        return
      end
    end
  end
end

function done(summary, latency, requests)
  local wrong, answered = 0, 0
  for _, t in ipairs(threads) do
    wrong = wrong + t:get("wrong")
    answered = answered + t:get("answered")
  end
  local ms = function(us) return us / 1000 end
  io.write(string.format("latency p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
    ms(latency:percentile(50)), ms(latency:percentile(90)),
    ms(latency:percentile(99)), ms(latency.max)))
  local e = summary.errors
  io.write(string.format(
    "%d requests in %.2f s: %.0f/s; errors: connect %d, read %d, write %d, status %d, timeout %d; wrong answers %d of %d checked\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    e.connect, e.read, e.write, e.status, e.timeout, wrong, answered))
end
