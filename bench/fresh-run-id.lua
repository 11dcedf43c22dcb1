-- wrk script: POSTs the compact bench event, each body with a runId no other request used.
-- Arguments: <template file> <runId placeholder in it> <8 hex digits unique to this wrk run>.
-- The runId is <run nonce>-<thread>-7000-8000-<counter>, so repeats against one database never
-- collide with each other and duplicate detection never turns a request into a no-op.
local threads = {}
local prefix, suffix, nonce
local counter = 0

function setup(thread)
  thread:set("thread_index", #threads)
  table.insert(threads, thread)
end

function init(args)
  local file = assert(io.open(args[1], "rb"))
  local body = file:read("*a")
  file:close()
  local at = assert(body:find(args[2], 1, true), "placeholder not in template")
  prefix = body:sub(1, at - 1)
  suffix = body:sub(at + #args[2])
  nonce = args[3]
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  counter = counter + 1
  local runId = string.format("%s-%04x-7000-8000-%012x", nonce, thread_index, counter)
  return wrk.format(nil, nil, nil, prefix .. runId .. suffix)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"non2xx":%d,"timeouts":%d,"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
