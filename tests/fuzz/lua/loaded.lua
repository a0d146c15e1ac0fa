-- Runs a Lua program and writes the path of every file it opens or loads to a list:
-- how tests/fuzz/reach.py learns which plugin files the fuzz driver loads.
--
--   lua loaded.lua LIST_FILE PROGRAM [ARG ...]
--
-- PROGRAM runs with `arg` as if started as `lua PROGRAM ARG ...`.
local list_file, program = arg[1], arg[2]
local open, do_file, load_file = io.open, dofile, loadfile
local list = assert(open(list_file, "w"))

local function note(path)
  if type(path) == "string" then
    list:write(path, "\n")
    list:flush()
  end
end

io.open = function(path, ...) note(path); return open(path, ...) end
dofile = function(path, ...) note(path); return do_file(path, ...) end
loadfile = function(path, ...) note(path); return load_file(path, ...) end

local rest = { [0] = program }
for i = 3, #arg do rest[i - 2] = arg[i] end
arg = rest
do_file(program)
