-- wrk script for Tests/reliability/soak.py: a mix of pages, fragments,
-- cursors (deep pages), searches, character pages and a static file.
-- soak.py writes the cursors it found into CURSORS before wrk starts.
CURSORS = CURSORS or {"AQAAACI"}
local queries = {"snow", "latin", "arrow", "zzqqxx", "greek", "digit", "heart", "a"}
local counter = 0

request = function()
  counter = counter + 1
  local kind = counter % 10
  local hx = {}
  local cursor = CURSORS[(counter % #CURSORS) + 1]
  local query = queries[(counter % #queries) + 1]
  if kind == 0 then return wrk.format("GET", "/")
  elseif kind == 1 then return wrk.format("GET", "/", {["HX-Request"] = "true"})
  elseif kind == 2 then return wrk.format("GET", "/?cursor=" .. cursor)
  elseif kind == 3 then return wrk.format("GET", "/?cursor=" .. cursor, {["HX-Request"] = "true"})
  elseif kind == 4 then return wrk.format("GET", "/?q=" .. query)
  elseif kind == 5 then return wrk.format("GET", "/?q=" .. query, {["HX-Request"] = "true"})
  elseif kind == 6 then return wrk.format("GET", "/?category=Lu&limit=50")
  elseif kind == 7 then
    -- named code points only (an unassigned one is a correct 404): ASCII, Latin-1, Greek capitals
    local bases = {0x21, 0xA1, 0x391}
    local spans = {94, 95, 17}
    local which = (counter % 3) + 1
    return wrk.format("GET", string.format("/characters/U+%04X", bases[which] + (counter % spans[which])))
  elseif kind == 8 then return wrk.format("GET", "/static/liststate.css")
  else return wrk.format("GET", "/?lang=de&limit=100", {["HX-Request"] = "true"}) end
end
