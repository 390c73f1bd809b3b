-- Scenario tests of Cabriole: Production (C-PROD-*, C-CRAFT-2), with the source's examples C-PROD-6 (a)–(d).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local with_prefix, new_game, turn_order, place, drive = H.with_prefix, H.new_game, H.turn_order, H.place, H.drive
local round_is, asked, lay, meter = H.round_is, H.asked, H.lay, H.meter

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
    local prestige = g:count(x, "prestige")
    -- The production's coins and prestige land when x's production ends (no project
    -- left after the second): measured over it.
    local m = meter(t, g, x)
    m.answer("make:A01-1")
    t:eq(g:options(), { "coins", "prestige" }, "the reward of A01-1")
    m.answer("coins")
    t:eq(g:options(), { "make:A02-1", "done" }, "one project at a time")
    m.answer("make:A02-1")
    m.answer("prestige")
    t:eq(m.paid(), -21, "the chair pays 21 coins, the chest no coins")
    t:eq(g:count(x, "prestige") - prestige, 13, "the chest pays 13 prestige, the chair none")
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

  ["a card's one level applies to every type it names: A13 (joiner and upholsterer at J) waits for both (C-PROD-2, C-PROD-3)"] = function(t)
    for _, case in ipairs({
      { { joiner = 2, upholsterer = 1 }, false },
      { { joiner = 1, upholsterer = 2 }, false },
      { { joiner = 2, upholsterer = 2 }, true },
      { { joiner = 3, upholsterer = 2 }, true },
    }) do
      local levels, can = case[1], case[2]
      local g = new_game(t, 2, 6)
      local x = g:player()
      workshop(g, x, levels, { walnut = 1, silk = 1, oak = 2 }, { "A13-1", "A03-1" })
      drive(g, asked(x, "make:"))
      local want = if can then { "make:A13-1", "make:A03-1", "done" } else { "make:A03-1", "done" }
      t:eq(g:options(), want, "joiner " .. levels.joiner .. ", upholsterer " .. levels.upholsterer)
    end
  end,

  ["(d) a master joiner with 2 more oak makes all three; a J joiner cannot (C-PROD-6, C-CRAFT-2, C-DATA-5)"] = function(t)
    local g = new_game(t, 3, 4)
    local x, y = table.unpack(turn_order(g, 3))
    local stock = { oak = 2, walnut = 3, silk = 2, mahogany = 1 }
    workshop(g, x, { carver = 1, joiner = 3, upholsterer = 1 }, stock, { "A01-1", "A02-1", "A03-1" })
    workshop(g, y, { carver = 1, joiner = 2, upholsterer = 1 }, stock, { "A01-2", "A02-2", "A03-2" })
    drive(g, asked(x, "make:"))
    -- The coins land when x's production ends (no project left after the third).
    local m = meter(t, g, x)
    for _, id in ipairs({ "A03-1", "A01-1", "A02-1" }) do
      m.answer("make:" .. id)
      m.answer("coins")
    end
    t:eq(-m.paid(), 11 + 21 + 19, "A03, A01 and A02 in coins")
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
