<?php
// bench.php times shuffle($a) after mt_srand(1) on an array of n ints, as
// compat/php's BenchmarkShuffle does in Go. Run: php bench.php [n] [rounds];
// it prints ns per shuffle, the median of the rounds (each round as many
// shuffles as take about half a second).
$n = (int) ($argv[1] ?? 1000000);
$rounds = (int) ($argv[2] ?? 6);
$a = range(0, $n - 1);
mt_srand(1);
$start = hrtime(true);
$reps = 0;
while (hrtime(true) - $start < 500000000) { shuffle($a); $reps++; }
$per = max(1, $reps);
$ns = [];
for ($k = 0; $k < $rounds; $k++) {
    $t0 = hrtime(true);
    for ($i = 0; $i < $per; $i++) shuffle($a);
    $ns[] = (hrtime(true) - $t0) / $per;
}
sort($ns);
printf("BenchmarkPHPShuffle/n=%d %d rounds of %d: median %.0f ns/op, min %.0f, max %.0f\n",
    $n, $rounds, $per, $ns[intdiv($rounds, 2)], $ns[0], $ns[$rounds - 1]);
