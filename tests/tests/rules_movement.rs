//! R-MOVE-*, R-PLAZA-1/2, R-ROUND-*: movement and turn order.

use weft_tests::Game;

/// Moves the current player's piece from the plaza to `to` and declines everything after.
fn move_and_pass(g: &mut Game, key: &str) {
    g.answer(key);
    let p = g.turn();
    g.pass_until(|g| g.turn() != p);
}

/// R-PLAZA-2: every apprentice starts the game on the plaza.
#[test]
fn all_apprentices_start_on_the_plaza() {
    let g = Game::new(4, 3);
    let plaza = g.slot("plaza");
    for pl in &g.st.players {
        assert_eq!(pl.pieces.len(), 3);
        assert!(pl.pieces.iter().all(|p| p.at == plaza && !p.moved));
    }
}

/// R-MOVE-2: destinations are 1..=3 steps away by the shortest path; 4 is too far.
#[test]
fn move_range_is_three_by_shortest_path() {
    let mut g = Game::new(2, 1);
    // far-east is 3 steps from the plaza (plaza, south-east, east, far-east).
    assert!(g.offers("move:plaza:far-east"));
    let p = g.current();
    move_and_pass(&mut g, "move:plaza:far-east");
    // Next round, from far-east the west slot is 4 steps away.
    g.pass_until(|g| g.st.round == 2 && g.at_move() && g.current() == p);
    assert!(
        !g.offers("move:far-east:west"),
        "4 steps must be out of range: {:?}",
        g.keys()
    );
    assert!(
        g.offers("move:far-east:north-east"),
        "2 steps must be in range"
    );
}

/// R-MOVE-1, R-MOVE-4: only standing apprentices move, and a moved one lies down.
#[test]
fn a_moved_apprentice_lies_down_and_cannot_move_again() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    move_and_pass(&mut g, "move:plaza:north");
    let north = g.slot("north");
    let piece = g.st.players[p]
        .pieces
        .iter()
        .find(|x| x.at == north)
        .expect("moved");
    assert!(piece.moved, "R-MOVE-4: moved apprentices lie down");
    g.pass_until(|g| g.at_move() && g.current() == p);
    assert!(
        g.keys().iter().all(|k| !k.starts_with("move:north:")),
        "R-MOVE-1: lying apprentices do not move"
    );
}

/// R-MOVE-3: an apprentice must end on another tile than its start (plaza excepted).
#[test]
fn cannot_stay_on_a_non_plaza_tile() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    move_and_pass(&mut g, "move:plaza:north");
    g.pass_until(|g| g.st.round == 2 && g.at_move() && g.current() == p);
    assert!(g.keys().iter().any(|k| k.starts_with("move:north:")));
    assert!(!g.offers("move:north:north"));
}

/// R-MOVE-5: not onto a tile with one's own lying apprentice; onto one's own standing one is fine.
#[test]
fn cannot_end_on_tile_with_own_lying_apprentice() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    move_and_pass(&mut g, "move:plaza:north");
    g.pass_until(|g| g.at_move() && g.current() == p);
    assert!(
        !g.offers("move:plaza:north"),
        "own lying apprentice on north: {:?}",
        g.keys()
    );
    // Next round the apprentice on north stands again: another may end there.
    g.pass_until(|g| g.st.round == 2 && g.at_move() && g.current() == p);
    assert!(
        g.offers("move:plaza:north"),
        "own standing apprentice does not block"
    );
}

/// R-MOVE-6: other players' apprentices never block.
#[test]
fn other_players_do_not_block() {
    let mut g = Game::new(2, 1);
    move_and_pass(&mut g, "move:plaza:north");
    assert!(
        g.offers("move:plaza:north"),
        "the second player may join the first on north"
    );
}

/// R-PLAZA-1: the plaza is reachable from any distance, staying is allowed, and several
/// apprentices of one player may use it in one round.
#[test]
fn plaza_ignores_distance_and_repeats() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    assert!(
        g.offers("move:plaza:plaza"),
        "0 steps on the plaza is legal"
    );
    move_and_pass(&mut g, "move:plaza:plaza");
    g.pass_until(|g| g.at_move() && g.current() == p);
    assert!(
        g.offers("move:plaza:plaza"),
        "a second visit in the same round is legal"
    );
    // From far away (4 steps), the plaza is still legal.
    let far = g.slot("far-east");
    let west = g.slot("west");
    g.st.player_mut(p).pieces[2].at = far;
    g.refresh();
    assert!(g.offers("move:far-east:plaza"));
    assert!(
        !g.offers("move:far-east:west"),
        "west is 4 steps from far-east"
    );
    assert_eq!(g.content().board.distance(far, west), 4);
}

/// R-MOVE-7: the plaza is always a legal destination, so a turn can always proceed.
#[test]
fn plaza_is_always_legal() {
    let mut g = Game::new(2, 1);
    let p = g.current();
    // Every other tile in range holds a lying apprentice of p: only the plaza remains.
    let c = g.content();
    let plaza = g.slot("plaza");
    for (i, piece) in g.st.player_mut(p).pieces.iter_mut().enumerate() {
        if i > 0 {
            piece.moved = true;
        }
    }
    g.st.player_mut(p).pieces[0].at = g.slot("north-east");
    for s in 0..c.board.slots.len() as u16 {
        if s != plaza {
            g.st.player_mut(p)
                .pieces
                .push(weft_core::state::Piece { at: s, moved: true });
        }
    }
    g.refresh();
    assert_eq!(g.keys(), vec!["move:north-east:plaza".to_string()]);
}

/// R-ROUND-2: turns go from the first player clockwise, 3 turns each.
#[test]
fn turn_order_is_clockwise_from_first_player() {
    let mut g = Game::new(4, 11);
    let first = g.st.first_player;
    let mut order = Vec::new();
    while g.st.round == 1 {
        if g.at_move() {
            order.push(g.current());
        }
        let keys = g.keys();
        let key = keys
            .iter()
            .find(|k| *k == "pass" || *k == "done")
            .unwrap_or(&keys[0])
            .clone();
        g.answer(&key);
    }
    let expected: Vec<usize> = (0..12).map(|t| (first + t) % 4).collect();
    assert_eq!(order, expected);
}

/// R-ROUND-3: in a round each player moves each of their 3 apprentices once.
#[test]
fn each_apprentice_moves_once_per_round() {
    let mut g = Game::new(3, 5);
    g.pass_until(|g| g.st.round == 1 && g.turn() == 9 - 1 && g.at_move());
    let key = g.keys()[0].clone();
    g.answer(&key);
    g.pass_until(|g| g.at_move() && g.turn() == 0 || g.st.round > 1);
    // Just before the workshop phase recovers them, every piece had moved: check at round 2's first move
    // that the turn counter covered 9 turns and every piece stands again (R-WS-2).
    assert_eq!(g.st.round, 2);
    assert!(g
        .st
        .players
        .iter()
        .all(|p| p.pieces.iter().all(|x| !x.moved)));
}

/// R-ROUND-1: no workshop phase in round 1; round 2 begins with it.
#[test]
fn round_one_has_no_workshop_phase() {
    let mut g = Game::new(2, 2);
    g.place_tile("wool-shop", "north");
    let before = g.display("north");
    g.pass_until(|g| g.st.round == 1 && g.turn() == 5 && g.at_move());
    assert_eq!(
        g.display("north"),
        before,
        "nothing restocked during round 1"
    );
    g.pass_until(|g| g.st.round == 2);
    assert_ne!(
        g.display("north"),
        before,
        "round 2 began with a restock (R-WS-1)"
    );
}
