// Bench times Collections.shuffle(list, new Random(1)) on an ArrayList of
// n Integers after warm-up, as compat/java's BenchmarkShuffle does in Go.
// Run: java Bench.java [n] [rounds]; it prints ns per shuffle, the median of
// the rounds (each round as many shuffles as take about half a second), and
// the process's CPU time per shuffle (all its threads, the collector's too),
// the median of the rounds, as cpu-ns/op.
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class Bench {
    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        List<Integer> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) list.add(i);
        Random r = new Random(1);
        long start = System.nanoTime();
        int reps = 0;
        while (System.nanoTime() - start < 2_000_000_000L) { // warm-up: 2 s of shuffles for the JIT
            Collections.shuffle(list, r);
            reps++;
        }
        int per = Math.max(1, (int) (reps / 4)); // about half a second a round
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] ns = new double[rounds], cpu = new double[rounds];
        for (int k = 0; k < rounds; k++) {
            long t0 = System.nanoTime(), c0 = os.getProcessCpuTime();
            for (int i = 0; i < per; i++) Collections.shuffle(list, r);
            ns[k] = (double) (System.nanoTime() - t0) / per;
            cpu[k] = (double) (os.getProcessCpuTime() - c0) / per;
        }
        Arrays.sort(ns);
        Arrays.sort(cpu);
        System.out.printf("BenchmarkJavaCollectionsShuffle/n=%d %d rounds of %d: median %.0f ns/op, min %.0f, max %.0f; median %.0f cpu-ns/op, min %.0f, max %.0f%n",
            n, rounds, per, ns[rounds / 2], ns[0], ns[rounds - 1], cpu[rounds / 2], cpu[0], cpu[rounds - 1]);
    }
}
