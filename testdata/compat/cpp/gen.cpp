// gen.cpp prints the vectors of compat/cpp from libstdc++ itself: the words
// of std::mt19937 and std::mt19937_64, std::uniform_int_distribution's
// draws and std::shuffle's orders, for each seed given on the command line
// (taken mod 2^32 for std::mt19937).
// One line a case: "<kind> <engine> <seed> <args> = <values>"; a shuffle
// of 10,000 or more items is written to a file perm-<k> in the current
// directory, its line saying "sha256 @perm-<k>" and its first 8 values.
// Build: g++ -O2 -std=c++17 gen.cpp -o gen (gen.sh does it).
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <vector>

template <class G> void words(const char* name, unsigned long long seed) {
	G g(seed);
	std::printf("words %s %llu 16 =", name, seed);
	for (int i = 0; i < 16; i++) std::printf(" %llu", (unsigned long long)g());
	std::printf("\n");
	G h(seed);
	h.discard(9999);
	std::printf("nth %s %llu 10000 = %llu\n", name, seed, (unsigned long long)h());
}

template <class T, class G>
void uniform(const char* name, unsigned long long seed, const char* type, T a, T b, const char* fmt) {
	G g(seed);
	std::uniform_int_distribution<T> d(a, b);
	std::printf("uniform %s %llu %s ", name, seed, type);
	std::printf(fmt, a);
	std::printf(" ");
	std::printf(fmt, b);
	std::printf(" =");
	for (int i = 0; i < 8; i++) {
		std::printf(" ");
		std::printf(fmt, d(g));
	}
	std::printf("\n");
}

static int files; // perm-<k> files written so far

template <class G> void shuffles(const char* name, unsigned long long seed) {
	for (long n : {0L, 1L, 2L, 3L, 52L, 1000L, 65535L, 65536L, 100000L}) {
		G g(seed);
		std::vector<int> v(n);
		std::iota(v.begin(), v.end(), 0);
		std::shuffle(v.begin(), v.end(), g);
		std::printf("shuffle %s %llu %ld", name, seed, n);
		if (n >= 10000) {
			// A long order goes to a file of its own, whose SHA-256 gen.sh
			// puts in its place: the line keeps its first 8 values.
			char path[64];
			std::snprintf(path, sizeof path, "perm-%d", files++);
			std::FILE* f = std::fopen(path, "w");
			for (long i = 0; i < n; i++) std::fprintf(f, i ? " %d" : "%d", v[i]);
			std::fclose(f);
			std::printf(" sha256 @%s", path);
			v.resize(8);
		}
		std::printf(" =");
		for (int x : v) std::printf(" %d", x);
		// and the engine's next word, that the draws consumed as many words
		std::printf(" ; %llu\n", (unsigned long long)g());
	}
}

template <class G> void all(const char* name, unsigned long long seed) {
	words<G>(name, seed);
	const char* u = "%llu";
	using ull = unsigned long long;
	const ull ranges[][2] = {
		{0, 0}, {0, 1}, {0, 2}, {0, 9}, {0, 51}, {0, 65535}, {0, 4294967294ULL},
		{0, 4294967295ULL}, {0, 4294967296ULL}, {0, 1000000000000ULL},
		{0, 1ULL << 63}, {0, ULLONG_MAX - 1}, {0, ULLONG_MAX}, {10, 20},
		{ULLONG_MAX - 4, ULLONG_MAX}, {1ULL << 32, (1ULL << 33) + 5},
	};
	for (auto& r : ranges) uniform<ull, G>(name, seed, "u64", r[0], r[1], u);
	uniform<long long, G>(name, seed, "i64", -5, 5, "%lld");
	uniform<long long, G>(name, seed, "i64", LLONG_MIN, LLONG_MAX, "%lld");
	uniform<long long, G>(name, seed, "i64", -1000000000000LL, 1000000000000LL, "%lld");
	uniform<int, G>(name, seed, "i32", -100, 100, "%d");
	uniform<int, G>(name, seed, "i32", INT_MIN, INT_MAX, "%d");
	shuffles<G>(name, seed);
}

int main(int argc, char** argv) {
	for (int i = 1; i < argc; i++) {
		unsigned long long seed = std::strtoull(argv[i], nullptr, 10);
		all<std::mt19937>("mt19937", seed & 0xffffffffULL);
		all<std::mt19937_64>("mt19937_64", seed);
	}
	return 0;
}
