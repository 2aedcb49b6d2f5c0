// gen prints the vectors of compat/rust from rand 0.8.5 itself: StdRng's
// words, floats, gen_range draws and slice shuffles, for each seed given on
// the command line. One line a case: "<kind> <seed> <args> = <values>"; a
// shuffle of 10,000 or more items is written to a file perm-<k> in the
// current directory, its line saying "sha256 @perm-<k>" and its first 8
// values (gen.sh puts the file's SHA-256 in place of @perm-<k>).
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, RngCore, SeedableRng};
use std::io::Write;

fn join<T: ToString>(v: &[T]) -> String {
    v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

fn main() {
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let mut files = 0;
    for arg in std::env::args().skip(1) {
        let seed: u64 = arg.parse().expect("a u64 seed");

        let mut r = StdRng::seed_from_u64(seed);
        let v: Vec<u32> = (0..80).map(|_| r.next_u32()).collect();
        writeln!(out, "u32 {} 80 = {}", seed, join(&v)).unwrap();

        let mut r = StdRng::seed_from_u64(seed);
        let v: Vec<u64> = (0..40).map(|_| r.next_u64()).collect();
        writeln!(out, "u64 {} 40 = {}", seed, join(&v)).unwrap();

        // Words and pairs of words mixed, so that a u64 straddles two
        // buffers: 63 u32, then u64s (the first takes word 63 and the next
        // buffer's word 0), then a u32.
        let mut r = StdRng::seed_from_u64(seed);
        let mut v: Vec<u64> = (0..63).map(|_| r.next_u32() as u64).collect();
        v.extend((0..33).map(|_| r.next_u64()));
        v.push(r.next_u32() as u64);
        writeln!(out, "mix {} = {}", seed, join(&v)).unwrap();

        let mut r = StdRng::seed_from_u64(seed);
        let v: Vec<u64> = (0..8).map(|_| r.gen::<f64>().to_bits()).collect();
        writeln!(out, "f64bits {} 8 = {}", seed, join(&v)).unwrap();

        let ranges: [(u64, u64); 14] = [
            (0, 1), (0, 2), (0, 6), (1, 7), (0, 52), (0, 1000), (10, 20),
            (0, 1 << 32), (0, (1 << 32) + 1), (0, 1 << 63), (0, (1 << 63) + 1),
            (0, u64::MAX), (1, u64::MAX), (u64::MAX - 10, u64::MAX),
        ];
        for (lo, hi) in ranges.iter() {
            let mut r = StdRng::seed_from_u64(seed);
            let v: Vec<u64> = (0..8).map(|_| r.gen_range(*lo..*hi)).collect();
            writeln!(out, "range {} {} {} = {} ; {}", seed, lo, hi, join(&v), r.next_u32()).unwrap();
        }

        for &n in [0usize, 1, 2, 3, 52, 1000, 65536, 100000].iter() {
            let mut r = StdRng::seed_from_u64(seed);
            let mut p: Vec<u32> = (0..n as u32).collect();
            p.shuffle(&mut r);
            let next = r.next_u32();
            if n >= 10000 {
                let path = format!("perm-{}", files);
                files += 1;
                std::fs::write(&path, join(&p)).unwrap();
                writeln!(out, "shuffle {} {} sha256 @{} = {} ; {}", seed, n, path, join(&p[..8]), next).unwrap();
            } else {
                writeln!(out, "shuffle {} {} = {} ; {}", seed, n, join(&p), next).unwrap();
            }
        }
    }
}
