-- Scenario tests of Cabriole: Production (C-PROD-*, C-CRAFT-2), with the source's examples C-PROD-6 (a)–(d).
-- Run with `weft test --pack content/cabriole`. Rule ids: shared/rules/cabriole.md.
-- Tests of invented data (C-DATA-*) compare the pack with the rules' tables: the
-- scenario API cannot read card or area params.

-- ---- Helpers (the same block heads every test file: test files cannot require) ----
local SIZE = { [2] = 12, [3] = 16, [4] = 20 }   -- C-SETUP-3: display slots, rows × columns
local COLS = { [2] = 4, [3] = 4, [4] = 5 }

local function has(list, x)
  for _, v in pairs(list) do -- pairs: a display may have empty slots
    if v == x then
      return true
    end
  end
  return false
end

-- The keys of `list` that start with `prefix`.
local function with_prefix(list, prefix)
  local out = {}
  for _, k in ipairs(list) do
    if string.sub(k, 1, #prefix) == prefix then
      out[#out + 1] = k
    end
  end
  return out
end

-- A new game past the setup picks (C-SETUP-6: each picker takes the first resource
-- offered); the player asked next is the start player, to place (C-SETUP-5).
local function new_game(t, players, seed)
  local g = t:game { players = players, seed = seed or 1 }
  while #with_prefix(g:options(), "pick:") > 0 do
    g:answer(g:options()[1])
  end
  return g
end

-- Seats in turn order from the player asked now (C-ROUND-2: clockwise).
local function turn_order(g, n)
  local s, out = g:player(), {}
  for k = 0, n - 1 do
    out[#out + 1] = (s - 1 + k) % n + 1
  end
  return out
end

-- One placement: checks whose turn it is, then places in `area`.
local function place(t, g, p, area)
  t:eq(g:player(), p, "the player to place")
  g:answer("place:" .. area)
end

-- Plays on until stop(g) holds (or the game ends). A placement goes to the first area
-- offered that is not in opts.avoid (else the first offered); any other question is
-- declined, stopped or done where it can be, else answered with coins or its first
-- option. opts.policy(g, options) may answer first (return nil to leave it).
local function drive(g, stop, opts)
  opts = opts or {}
  for _ = 1, 5000 do
    if g:over() or (stop and stop(g)) then
      return
    end
    local options = g:options()
    local key = opts.policy and opts.policy(g, options)
    if not key and string.sub(options[1], 1, 6) == "place:" then
      key = options[1]
      for _, k in ipairs(options) do
        if not (opts.avoid and has(opts.avoid, string.sub(k, 7))) then
          key = k
          break
        end
      end
    end
    if not key then
      for _, k in ipairs({ "decline", "stop", "done", "coins" }) do
        if has(options, k) then
          key = k
          break
        end
      end
    end
    g:answer(key or options[1])
  end
  error("drive: the game did not get there in 5000 answers")
end

-- Stop predicates for drive.
local function round_is(r)
  return function(g)
    return g:round() == r
  end
end
local function asked(p, prefix)
  return function(g)
    return g:player() == p and #with_prefix(g:options(), prefix) > 0
  end
end

-- Empties the display into the box, then lays `layout` ({ [slot] = card id }) with the
-- coins of `marks` ({ [slot] = n }, default 0).
local function lay(g, n, layout, marks)
  local cards = g:cards("display")
  for pos = 1, SIZE[n] do
    if cards[pos] then
      g:put_card(cards[pos], "box")
    end
  end
  for pos, id in pairs(layout) do
    g:put_card(id, "display", pos)
    g:set_marks("display", pos, (marks and marks[pos]) or 0)
  end
end

-- Answers `key` for player p and returns the coins it cost p.
local function pays(t, g, p, key)
  t:eq(g:player(), p, "the player asked before " .. key)
  local before = g:count(p, "coins")
  g:answer(key)
  return before - g:count(p, "coins")
end
-- ---- End of helpers ----

local CRAFTSMEN = { "carver", "joiner", "turner", "upholsterer" }
local RESOURCES = { "oak", "walnut", "silk", "mahogany" }

-- Player p's craftsmen (others not hired), stock (others 0) and unfinished projects.
local function workshop(g, p, levels, stock, projects)
  for _, c in ipairs(CRAFTSMEN) do
    g:set(p, c, levels[c] or 0)
  end
  for _, r in ipairs(RESOURCES) do
    g:set(p, r, stock[r] or 0)
  end
  for _, id in ipairs(projects) do
    g:put_card(id, "unfinished", nil, p)
  end
end

-- Whether p is being asked to complete a project.
local function producing(g, p)
  return g:player() == p and #with_prefix(g:options(), "make:") > 0
end

return {
  ["(a) carver A + joiner A make the chest, joiner A + upholsterer A the chair, an A joiner not both in one round (C-PROD-6, C-CRAFT-2, C-PROD-3)"] = function(t)
    for _, first in ipairs({ "A02-1", "A01-1" }) do
      local g = new_game(t, 2, 1)
      local x = g:player()
      workshop(g, x, { carver = 1, joiner = 1, upholsterer = 1 }, { walnut = 3, silk = 2, mahogany = 1 }, { "A01-1", "A02-1" })
      drive(g, asked(x, "make:"))
      t:eq(g:options(), { "make:A01-1", "make:A02-1", "done" })
      g:answer("make:" .. first)
      g:answer("prestige")
      t:ok(not producing(g, x), "with an A joiner, " .. first .. " and the other in one round")
      t:eq(g:cards("completed", x), { first })
    end
  end,

  ["(b) carver A, joiner J, upholsterer A with 3 walnut, 2 silk, 1 mahogany make both, coins for one and prestige for the other (C-PROD-6, C-PROD-4, C-PROD-5, C-DATA-5)"] = function(t)
    local g = new_game(t, 2, 2)
    local x = g:player()
    workshop(g, x, { carver = 1, joiner = 2, upholsterer = 1 }, { walnut = 3, silk = 2, mahogany = 1 }, { "A01-1", "A02-1" })
    drive(g, asked(x, "make:"))
    local prestige = g:prestige(x)
    g:answer("make:A01-1")
    t:eq(g:options(), { "coins", "prestige" }, "the reward of A01-1")
    t:eq(pays(t, g, x, "coins"), -21, "the chair pays 21 coins")
    t:eq(g:options(), { "make:A02-1", "done" }, "one project at a time")
    g:answer("make:A02-1")
    g:answer("prestige")
    t:eq(g:prestige(x) - prestige, 13, "the chest pays 13 prestige")
    t:eq(g:cards("completed", x), { "A01-1", "A02-1" })
    t:eq(g:cards("unfinished", x), {})
    for _, r in ipairs(RESOURCES) do
      t:eq(g:count(x, r), 0, r .. " returned to the supply")
    end
  end,

  ["(c) a chair needing joiner J and upholsterer J is made only with both at J or above (C-PROD-6, C-PROD-2, C-PROD-3)"] = function(t)
    local g = new_game(t, 2, 3)
    local x, y = table.unpack(turn_order(g, 2))
    workshop(g, x, { carver = 1, joiner = 2, upholsterer = 2 }, { walnut = 2, silk = 2, mahogany = 2 }, { "A02-1", "B17-1" })
    workshop(g, y, { carver = 1, joiner = 2, upholsterer = 1 }, { walnut = 2, silk = 2, mahogany = 2 }, { "A02-2", "B17-2" })
    drive(g, asked(x, "make:"))
    t:eq(g:options(), { "make:A02-1", "make:B17-1", "done" }, "joiner J, upholsterer J")
    g:answer("make:B17-1")
    g:answer("coins")
    t:eq(g:options(), { "make:A02-1", "done" }, "joiner J works on two projects")
    g:answer("make:A02-1")
    g:answer("coins")
    drive(g, asked(y, "make:"))
    t:eq(g:options(), { "make:A02-2", "done" }, "joiner J, upholsterer A")
    local g2 = new_game(t, 2, 3)
    local z = g2:player()
    workshop(g2, z, { carver = 1, joiner = 1, upholsterer = 3 }, { walnut = 2, silk = 2, mahogany = 2 }, { "A02-1", "B17-1" })
    drive(g2, asked(z, "make:"))
    t:eq(g2:options(), { "make:A02-1", "done" }, "joiner A, upholsterer M")
  end,

  ["(d) a master joiner with 2 more oak makes all three; a J joiner cannot (C-PROD-6, C-CRAFT-2, C-DATA-5)"] = function(t)
    local g = new_game(t, 3, 4)
    local x, y = table.unpack(turn_order(g, 3))
    local stock = { oak = 2, walnut = 3, silk = 2, mahogany = 1 }
    workshop(g, x, { carver = 1, joiner = 3, upholsterer = 1 }, stock, { "A01-1", "A02-1", "A03-1" })
    workshop(g, y, { carver = 1, joiner = 2, upholsterer = 1 }, stock, { "A01-2", "A02-2", "A03-2" })
    drive(g, asked(x, "make:"))
    local coins = 0
    for _, id in ipairs({ "A03-1", "A01-1", "A02-1" }) do
      g:answer("make:" .. id)
      coins -= pays(t, g, x, "coins")
    end
    t:eq(coins, 11 + 21 + 19, "A03, A01 and A02 in coins")
    t:eq(#g:cards("completed", x), 3)
    drive(g, asked(y, "make:"))
    g:answer("make:A01-2")
    g:answer("coins")
    g:answer("make:A02-2")
    g:answer("coins")
    t:ok(not producing(g, y), "a journeyman joiner on three projects")
    t:eq(g:cards("unfinished", y), { "A03-2" })
  end,

  ["production goes in turn order and may complete a project taken this round (C-PROD-1, C-ROUND-1)"] = function(t)
    local g = new_game(t, 2, 5)
    local x, y = table.unpack(turn_order(g, 2))
    lay(g, 2, { [1] = "A11-1" })
    workshop(g, x, { upholsterer = 1 }, { silk = 2 }, {})
    workshop(g, y, { joiner = 1 }, { walnut = 3 }, { "A05-1" })
    place(t, g, x, "row1")
    drive(g, asked(x, "take:"), { avoid = { "row1" } })
    g:answer("take:A11-1")
    local order = {}
    drive(g, round_is(2), {
      policy = function(g, options)
        if #with_prefix(options, "make:") > 0 then
          order[#order + 1] = g:player()
          return options[1]
        end
      end,
    })
    t:eq(order, { x, y }, "players completing projects")
    t:eq(g:cards("completed", x), { "A11-1" })
  end,

  ["craftsmen capacity is renewed every round (C-CRAFT-2)"] = function(t)
    local g = new_game(t, 2, 6)
    local x = g:player()
    workshop(g, x, { joiner = 1 }, { walnut = 6 }, { "A05-1", "A05-2" })
    drive(g, asked(x, "make:"))
    t:eq(g:options(), { "make:A05-1", "make:A05-2", "done" })
    g:answer("make:A05-1")
    g:answer("coins")
    t:ok(not producing(g, x), "an A joiner on two projects in one round")
    drive(g, asked(x, "make:"))
    t:eq(g:round(), 2)
    t:eq(g:options(), { "make:A05-2", "done" })
  end,

  ["resources are needed exactly, never substituted (C-PROD-3)"] = function(t)
    local g = new_game(t, 2, 7)
    local x = g:player()
    workshop(g, x, { joiner = 1, upholsterer = 1 }, { walnut = 1, silk = 1, mahogany = 5, oak = 5 }, { "A01-1" })
    drive(g, round_is(2), {
      policy = function(g, options)
        t:ok(not producing(g, x), "A01-1 offered with 1 silk of 2")
      end,
    })
    t:eq(g:cards("unfinished", x), { "A01-1" })
  end,
}
