# bench.rb times a.shuffle!(random: r) with r = Random.new(1) on an array of
# n ints, as compat/ruby's BenchmarkShuffle does in Go (shuffle!, in place:
# shuffle would also copy the array). Run: ruby bench.rb [n] [rounds]; it
# prints ns per shuffle, the median of the rounds (each round as many
# shuffles as take about half a second).
n = Integer(ARGV[0] || 1_000_000)
rounds = Integer(ARGV[1] || 6)
a = (0...n).to_a
r = Random.new(1)
clock = -> { Process.clock_gettime(Process::CLOCK_MONOTONIC, :nanosecond) }
start = clock.call
reps = 0
while clock.call - start < 500_000_000
  a.shuffle!(random: r)
  reps += 1
end
per = [reps, 1].max
ns = Array.new(rounds) do
  t0 = clock.call
  per.times { a.shuffle!(random: r) }
  (clock.call - t0).to_f / per
end.sort
printf("BenchmarkRubyShuffle/n=%d %d rounds of %d: median %.0f ns/op, min %.0f, max %.0f\n",
       n, rounds, per, ns[rounds / 2], ns[0], ns[-1])
