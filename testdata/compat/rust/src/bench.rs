// bench times rand 0.8.5's SliceRandom::shuffle of a Vec<u32> of n items
// with StdRng, in the format of go test -bench so that benchstat reads it:
// cargo run --release --bin bench -- COUNT N... (bench.sh interleaves it
// with the Go benchmark).
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::time::Instant;

// cpu_ns returns the CPU time of this process in nanoseconds, as the Go
// benchmarks' cpu-ns/op: the first field of Linux's /proc/self/schedstat
// (the process has one thread).
fn cpu_ns() -> f64 {
    let s = std::fs::read_to_string("/proc/self/schedstat").unwrap_or_default();
    s.split_whitespace().next().and_then(|x| x.parse().ok()).unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).map_or(1, |s| s.parse().unwrap());
    for a in args.iter().skip(2) {
        let n: usize = a.parse().unwrap();
        let mut v: Vec<u32> = (0..n as u32).collect();
        let mut r = StdRng::seed_from_u64(1);
        for _ in 0..count {
            let cpu = cpu_ns();
            let start = Instant::now();
            let mut iters = 0u64;
            loop {
                v.shuffle(&mut r);
                iters += 1;
                if start.elapsed().as_secs_f64() >= 1.0 {
                    break;
                }
            }
            let ns = start.elapsed().as_nanos() as f64 / iters as f64;
            let cpu = (cpu_ns() - cpu) / iters as f64;
            println!("BenchmarkShuffle/call=rand::shuffle/n={} \t{}\t{:.1} ns/op\t{:.1} cpu-ns/op", n, iters, ns, cpu);
        }
        eprintln!("first: {}", v[0]); // keep the shuffles
    }
}
