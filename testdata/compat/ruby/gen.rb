# gen.rb prints the vectors of compat/ruby: what Random.new(seed) gives for
# rand, rand(n), sample(random:) and shuffle(random:).
# Run: ruby gen.rb [seed...] > vectors.txt (with no seeds, the committed
# list). Each line is
#   op seed arg value...
# with floats as the hex of their bits, sample's 20 picks from 0...n followed
# by rand(2**32), and for a shuffle of 0...n:
# shuffle seed n sha256 after prefix..., where sha256 is of the order's
# decimal values each followed by a newline, after is rand(2**32) once the
# shuffle is done, and prefix is the order's first values (all of them up to
# n = 1000, the first 20 beyond).
require 'digest'

DRAWS = 20
seeds = [0, 1, -1, 42, -42, 2026, 123456789, 2**31 - 1, 2**32 - 1, 2**32, 2**32 + 1, 2**32 + 5,
         2**33, -(2**33), 2**62, 2**63 - 1, -(2**63),
         2**64, 2**64 + 5, 2**96 + 2**64 + 9, -(2**70 + 3), 2**128 - 1, 2**1000 + 17]
seeds = ARGV.map { |s| Integer(s) } unless ARGV.empty?
bounds = [1, 2, 3, 6, 7, 10, 52, 100, 1000, 2**31, 3 * 2**30 + 1, 2**32 - 1, 2**32, 2**32 + 1,
          3 * 2**31, 2**40 + 123, 2**62, 2**62 + 1, 2**63 - 1, 2**64]
sizes = [0, 1, 2, 3, 10, 52, 1000, 100000]
out = +''
seeds.each do |seed|
  r = Random.new(seed)
  out << "rand #{seed} - " << Array.new(DRAWS) { [r.rand].pack('G').unpack1('H*') }.join(' ') << "\n"
  bounds.each do |n|
    r = Random.new(seed)
    out << "rand_n #{seed} #{n} " << Array.new(DRAWS) { r.rand(n) }.join(' ') << "\n"
  end
  [1, 2, 3, 52, 1000].each do |n|
    r = Random.new(seed)
    a = (0...n).to_a
    out << "sample #{seed} #{n} " << Array.new(DRAWS) { a.sample(random: r) }.join(' ') << ' ' << r.rand(2**32).to_s << "\n"
  end
  sizes.each do |n|
    r = Random.new(seed)
    a = (0...n).to_a.shuffle(random: r)
    after = r.rand(2**32)
    prefix = a.first(n <= 1000 ? n : DRAWS)
    out << "shuffle #{seed} #{n} #{Digest::SHA256.hexdigest(a.map { |x| "#{x}\n" }.join)} #{after}"
    out << ' ' << prefix.join(' ') unless prefix.empty?
    out << "\n"
  end
end
print out
