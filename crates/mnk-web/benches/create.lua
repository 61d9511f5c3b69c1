-- wrk script: every request creates a game (past 1000 games the oldest are evicted).
-- wrk -t2 -c64 -d10s -s crates/mnk-web/benches/create.lua http://127.0.0.1:8080/api/games
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"size": 15, "moves": "h8 h9 i9", "players": {"x": "human", "o": "gomoku-pruned"}}'
