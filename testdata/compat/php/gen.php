<?php
// gen.php prints the vectors of compat/php: what mt_srand(seed) followed by
// mt_rand(), mt_rand(min, max), str_shuffle() and shuffle() give in PHP's
// default mode.
// Run: php gen.php [seed...] > vectors.txt (with no seeds, the committed
// list). Each line is
//   op seed arg value...
// where arg is min,max for mt_rand_range, str_shuffle's values are the hex of
// three str_shuffle('a..z0..9') in a row, and for a shuffle of the array
// 0..n-1: shuffle seed n sha256 after prefix..., where sha256 is of the
// order's decimal values each followed by a newline, after is mt_rand()
// once the shuffle is done, and prefix is the order's first values (all of
// them up to n = 1000, the first 20 beyond).
const DRAWS = 20;
$seeds = [0, 1, -1, 42, 2026, 123456789, -123456789, PHP_INT_MAX, PHP_INT_MIN,
    0xffffffff, (1 << 32) + 5, 0x7fffffff, -(1 << 40)];
if ($argc > 1) {
    $seeds = array_map('intval', array_slice($argv, 1));
}
$ranges = [[0, 0], [0, 1], [1, 6], [0, 2], [0, 51], [0, 99], [-100, 100], [0, 999],
    [0, 3 << 30], [0, 0xffffffff], [5, 0xffffffff + 5], [0, 1 << 32], [0, PHP_INT_MAX],
    [-5, 3000000000000000000], [PHP_INT_MIN, 1 << 62], [PHP_INT_MIN, PHP_INT_MAX],
    [PHP_INT_MIN, PHP_INT_MIN + 10]];
$sizes = [0, 1, 2, 3, 10, 52, 1000, 100000];
$out = '';
foreach ($seeds as $seed) {
    mt_srand($seed);
    $v = [];
    for ($i = 0; $i < DRAWS; $i++) $v[] = mt_rand();
    $out .= "mt_rand $seed - " . implode(' ', $v) . "\n";
    foreach ($ranges as [$min, $max]) {
        mt_srand($seed);
        $v = [];
        for ($i = 0; $i < DRAWS; $i++) $v[] = mt_rand($min, $max);
        $out .= "mt_rand_range $seed $min,$max " . implode(' ', $v) . "\n";
    }
    mt_srand($seed);
    $v = [];
    for ($i = 0; $i < 3; $i++) $v[] = bin2hex(str_shuffle('abcdefghijklmnopqrstuvwxyz0123456789'));
    $out .= "str_shuffle $seed - " . implode(' ', $v) . "\n";
    foreach ($sizes as $n) {
        mt_srand($seed);
        $a = $n > 0 ? range(0, $n - 1) : [];
        shuffle($a);
        $after = mt_rand();
        $text = '';
        foreach ($a as $x) $text .= $x . "\n";
        $prefix = array_slice($a, 0, $n <= 1000 ? $n : DRAWS);
        $out .= "shuffle $seed $n " . hash('sha256', $text) . " $after" . ($prefix ? ' ' . implode(' ', $prefix) : '') . "\n";
    }
}
echo $out;
