-- wrk's side of the durable-intents benchmark (Documentation/Benchmarks.md): each request
-- is an intent on one of the activities given after `--`, as `ID:TOKEN` words, moving its
-- target by a second one way then the other, so every intent is applied. Each wrk thread
-- is a client of its own and numbers its intents, so no two intents share an id.
--
--   wrk -t2 -c64 -d5s -s Scripts/wrk-intents.lua http://127.0.0.1:PORT -- ID:TOKEN [ID:TOKEN ...]

local threads = 0

-- A run's own part of its client ids, so that two runs started in the same second (short
-- alternated rounds, Scripts/wrk-intents) never send the same intent id, which would be
-- answered as a replay and counted as applied.
local function nonce()
  local file = assert(io.open("/dev/urandom", "rb"))
  local bytes = file:read(6)
  file:close()
  return (bytes:gsub(".", function(byte) return string.format("%02x", byte:byte()) end))
end
local run = nonce()

function setup(thread)
  thread:set("client", "wrk-" .. threads .. "-" .. run)
  threads = threads + 1
end

function init(args)
  -- Each target's request up to its body's length, made once: a request is then its
  -- body and a few joins, not wrk.format's header table walked for every request (which
  -- took wrk 10-12 µs of CPU an intent, on the cores the server shares).
  targets = {}
  for _, word in ipairs(args) do
    local id, token = word:match("([^:]+):(.+)")
    targets[#targets + 1] = "POST /v1/activities/" .. id .. "/intents HTTP/1.1\r\n"
      .. "Host: " .. wrk.headers["Host"] .. "\r\n"
      .. "Authorization: Bearer " .. token .. "\r\n"
      .. "Content-Type: application/json\r\n"
      .. "Content-Length: "
  end
  if #targets == 0 then error("give the activities after --, as ID:TOKEN words") end
  prefix = '{"action":"adjust","adjust_seconds":'
  middle = ',"client_id":"' .. client .. '","intent_id":"'
  sent = 0
end

function request()
  sent = sent + 1
  local target = targets[(sent % #targets) + 1]
  local move = (math.floor(sent / #targets) % 2 == 0) and "1" or "-1"
  local body = prefix .. move .. middle .. sent .. '"}'
  return target .. #body .. "\r\n\r\n" .. body
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx or failed: %d\n", summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
