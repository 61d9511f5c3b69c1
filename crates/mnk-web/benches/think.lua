-- wrk script: every request asks perfect for a move (a real search on a blocking thread).
-- wrk -t2 -c64 -d10s -s crates/mnk-web/benches/think.lua http://127.0.0.1:8080/api/games/$ID/think
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"player": "perfect"}'
