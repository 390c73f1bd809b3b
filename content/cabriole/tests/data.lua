-- Scenario tests of Cabriole: The pack's invented card data against the rules' tables (C-DATA-*, C-SETUP-2, C-TWO-1).
-- Run with `weft test --pack content/cabriole`. Rule ids: content/cabriole/RULES.md.
-- Tests of invented data (C-DATA-*) check the pack against the rules' tables, so they
-- write the rules' values rather than read the pack's. Helpers: tests/lib/helpers.lua.

local H = require("tests.lib.helpers")
local SIZE, has = H.SIZE, H.has

-- C-DATA-6..8 (invented): copies of each card template, { base, "3+" }.
local DECK_A = {
  A01 = { 2, 1 }, A02 = { 2, 1 }, A03 = { 1, 1 }, A04 = { 2, 1 }, A05 = { 2, 0 }, A06 = { 2, 1 },
  A07 = { 2, 0 }, A08 = { 0, 2 }, A09 = { 0, 2 }, A10 = { 2, 0 }, A11 = { 2, 0 }, A12 = { 1, 1 },
  A13 = { 2, 0 }, A14 = { 2, 0 }, A15 = { 2, 0 }, A16 = { 2, 0 },
  ["A-FAVOUR-CARVER"] = { 1, 0 }, ["A-FAVOUR-JOINER"] = { 1, 0 }, ["A-FAVOUR-TURNER"] = { 1, 0 },
  ["A-FAVOUR-UPHOLSTERER"] = { 1, 0 }, ["A-TIMBER"] = { 2, 0 }, ["A-PATRON"] = { 0, 1 },
  ["A-SILK-MAHOGANY"] = { 0, 1 },
}
local DECK_B = {
  B01 = { 2, 1 }, B02 = { 2, 1 }, B03 = { 1, 1 }, B04 = { 2, 1 }, B05 = { 0, 2 }, B06 = { 3, 0 },
  B07 = { 2, 1 }, B08 = { 2, 1 }, B09 = { 0, 2 }, B10 = { 2, 1 }, B11 = { 1, 1 }, B12 = { 1, 1 },
  B13 = { 2, 0 }, B14 = { 2, 0 }, B15 = { 3, 0 }, B16 = { 3, 0 }, B17 = { 2, 0 }, B18 = { 3, 0 },
  ["B-FAVOUR-CARVER"] = { 1, 0 }, ["B-FAVOUR-JOINER"] = { 1, 0 }, ["B-FAVOUR-TURNER"] = { 1, 0 },
  ["B-FAVOUR-UPHOLSTERER"] = { 1, 0 }, ["B-TIMBER"] = { 2, 0 }, ["B-MAHOGANY"] = { 1, 0 },
  ["B-PATRON"] = { 0, 1 }, ["B-SILK"] = { 0, 1 }, ["B-WALNUT-MAHOGANY"] = { 0, 1 },
}
-- C-DATA-9: cards that may leave the display in a round of rounds 1–5: open rows × row
-- spaces + 2 × extra-project spaces (C-QUEUE-3).
local OUTFLOW = { [2] = 2 * 3 + 2 * 1, [3] = 3 * 3 + 2 * 2, [4] = 3 * 4 + 2 * 2 }

-- Deck A's cards at the start of a game: the display and what is left of the deck.
local function deck_a_cards(g, n)
  local out = {}
  local display = g:cards("display")
  for pos = 1, SIZE[n] do
    out[#out + 1] = display[pos]
  end
  for _, id in ipairs(g:cards("deck_a")) do
    out[#out + 1] = id
  end
  return out
end

local function template(id)
  return (string.gsub(id, "%-%d+$", ""))
end

-- Copies per template, and checks each copy's id: <template>-<k>, the 3+ copies last.
local function check_copies(t, ids, want, n)
  local count = {}
  for _, id in ipairs(ids) do
    local tp = template(id)
    count[tp] = (count[tp] or 0) + 1
    t:ok(want[tp], "unknown card " .. id)
  end
  for tp, copies in pairs(want) do
    local expect = copies[1] + (n >= 3 and copies[2] or 0)
    t:eq(count[tp] or 0, expect, n .. " players: copies of " .. tp)
    if copies[1] + copies[2] > 1 then
      for k = 1, expect do
        t:ok(has(ids, tp .. "-" .. k), n .. " players: no " .. tp .. "-" .. k)
      end
    elseif expect == 1 then
      t:ok(has(ids, tp), n .. " players: no " .. tp)
    end
  end
end

return {
  ["deck A holds the C-DATA-6 projects and C-DATA-8 specials, the 3+ copies only from 3 players (C-DATA-6, C-DATA-8, C-SETUP-2, C-TWO-1)"] = function(t)
    for n = 2, 4 do
      local g = t:game { players = n, seed = 1 }
      check_copies(t, deck_a_cards(g, n), DECK_A, n)
    end
  end,

  ["deck B holds the C-DATA-7 projects and C-DATA-8 specials, the 3+ copies only from 3 players (C-DATA-7, C-DATA-8, C-SETUP-2, C-TWO-1)"] = function(t)
    for n = 2, 4 do
      local g = t:game { players = n, seed = 1 }
      check_copies(t, g:cards("deck_b"), DECK_B, n)
    end
  end,

  ["every project has one level for all the craftsmen it names, each type once, and the C-DATA-5 reward (C-PROD-2, C-DATA-5, C-DATA-6, C-DATA-7)"] = function(t)
    -- C-DATA-5 with the base prices of C-MARKET-4 and C-DATA-3, written from the rules.
    local PRICE = { oak = 2, walnut = 2, silk = 3, mahogany = 4 }
    local SHIELD = { 1, 3, 6 }
    local TYPE = { chest = 1, table = 2, chair = 3 }
    local g = t:game { players = 4, seed = 1 }
    local projects = 0
    for _, id in ipairs(deck_a_cards(g, 4)) do
      local card = g:card(id)
      if card.kind == "project" then
        projects += 1
        local p = card.params
        t:ok(p.level == 1 or p.level == 2 or p.level == 3, id .. ": one level, A, J or M")
        local seen, shields = {}, 0
        for _, c in ipairs(p.craftsmen) do
          t:ok(not seen[c], id .. " names " .. c .. " twice")
          seen[c] = true
          shields += 1
        end
        local cost = 0
        for r, n in pairs(p.needs) do
          cost += PRICE[r] * n
        end
        local coins = 2 * cost + shields * SHIELD[p.level] + TYPE[p.type]
        t:eq({ p.coins, p.prestige }, { coins, (2 * coins + 1) // 3 }, id .. ": reward")
      end
    end
    for _, id in ipairs(g:cards("deck_b")) do
      local p = g:card(id).params
      if p.craftsmen then
        projects += 1
        t:ok(p.level >= 1 and p.level <= 3, id .. ": one level")
      end
    end
    t:eq(projects, 36 + 46, "projects in decks A and B at 4 players")
  end,

  ["the decks last: deck A covers the display and two rounds of outflow, deck B three rounds and a display, at 2 and 3 players (C-DATA-9)"] = function(t)
    for n = 2, 4 do
      local g = t:game { players = n, seed = 1 }
      local a, b = #deck_a_cards(g, n), #g:cards("deck_b")
      local need_a, need_b = SIZE[n] + 2 * OUTFLOW[n], 3 * OUTFLOW[n] + SIZE[n]
      if n < 4 then
        t:ok(a >= need_a, n .. " players: deck A has " .. a .. " cards, may need " .. need_a)
        t:ok(b >= need_b, n .. " players: deck B has " .. b .. " cards, may need " .. need_b)
      else
        -- 4 players: deck A can run out (C-RESET-4 covers it): 44 cards for up to 52
        t:eq({ a, b }, { 44, 56 }, "4 players: deck sizes")
      end
    end
  end,

  ["only the decks' order is hidden and random: other seeds, same cards in another order (C-COMP-4)"] = function(t)
    local g1, g2 = t:game { players = 3, seed = 1 }, t:game { players = 3, seed = 2 }
    local a1, a2 = deck_a_cards(g1, 3), deck_a_cards(g2, 3)
    local same = true
    for k = 1, #a1 do
      same = same and a1[k] == a2[k]
    end
    t:ok(not same, "two seeds dealt deck A in the same order")
    local sorted1, sorted2 = table.clone(a1), table.clone(a2)
    table.sort(sorted1)
    table.sort(sorted2)
    t:eq(sorted1, sorted2, "the same cards")
    t:eq(#g1:cards("starting") + 3, 6, "the starting cards not dealt stay in their pile")
  end,
}
