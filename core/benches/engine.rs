//! `cargo bench -p weft-core`: random games, state clones, one Lua hook call and search
//! iterations, on the built-in base pack. `weft bench` runs the same workloads and
//! reports them as ratios against a baseline measured in the same process.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use weft_core::bench::{baseline, Bench};

fn base_pack() -> Bench {
    let content = weft_core::load(&[], None).expect("the built-in pack loads");
    Bench::new(content).expect("benchmarks set up")
}

fn engine(c: &mut Criterion) {
    let mut bench = base_pack();
    let buffer = [7u8; 16384];
    c.bench_function("baseline: sha256 of 16 KiB", |b| {
        b.iter(|| baseline(&buffer))
    });
    c.bench_function("state clone (4 players, mid-game)", |b| {
        b.iter(|| bench.clone_state())
    });
    let mut scratch = bench.mid_game.clone();
    c.bench_function("one Lua hook call (can_act)", |b| {
        b.iter(|| bench.hook_call(&mut scratch))
    });
    let mut group = c.benchmark_group("games");
    group.sample_size(20);
    group.throughput(Throughput::Elements(1));
    // The same game every iteration, so samples differ only by noise.
    group.bench_function("random 4-player game (seed 1)", |b| {
        b.iter(|| bench.random_game(1))
    });
    group.sample_size(10);
    group.bench_function("greedy 4-player game (seed 1)", |b| {
        b.iter(|| bench.greedy_game(1))
    });
    group.throughput(Throughput::Elements(50));
    group.bench_function("50 mcts iterations (mid-game)", |b| {
        b.iter(|| bench.mcts(50))
    });
    group.finish();
}

criterion_group!(benches, engine);
criterion_main!(benches);
