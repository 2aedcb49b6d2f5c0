// bench.cpp times libstdc++'s std::shuffle of a std::vector<int> of n items
// with std::mt19937 and std::mt19937_64, in the format of go test -bench so
// that benchstat reads both: g++ -O2 -std=c++17 bench.cpp -o bench &&
// ./bench COUNT N... (bench.sh interleaves it with the Go benchmarks).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <numeric>
#include <random>
#include <vector>

template <class G> void bench(const char* name, long n, int count) {
	std::vector<int> v(n);
	std::iota(v.begin(), v.end(), 0);
	G g(1);
	for (int c = 0; c < count; c++) {
		long iters = 0;
		std::clock_t cpu = std::clock(); // process CPU time, as the Go benchmarks' cpu-ns/op
		auto start = std::chrono::steady_clock::now();
		double ns = 0;
		do {
			std::shuffle(v.begin(), v.end(), g);
			iters++;
			ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
		} while (ns < 1e9);
		double cpuNs = double(std::clock() - cpu) * 1e9 / CLOCKS_PER_SEC;
		std::printf("BenchmarkShuffle/engine=%s/call=std::shuffle/n=%ld \t%ld\t%.1f ns/op\t%.1f cpu-ns/op\n", name, n, iters,
		            ns / iters, cpuNs / iters);
	}
	std::fflush(stdout);
}

int main(int argc, char** argv) {
	int count = argc > 1 ? std::atoi(argv[1]) : 1;
	for (int i = 2; i < argc; i++) {
		long n = std::atol(argv[i]);
		bench<std::mt19937>("mt19937", n, count);
		bench<std::mt19937_64>("mt19937_64", n, count);
	}
}
