package classic

// Equidistribution is Knuth's frequency test (TAOCP vol. 2, §3.3.2 A):
// Pearson's χ² of the counts of the values 0 to d−1 in v against n/d each,
// with d−1 degrees of freedom. The null law is exactly multinomial; the χ²
// is its limit, and each cell must expect at least [MinExpected]. It takes
// O(n + d) time. It panics unless 2 ≤ d ≤ 2³², and returns an error for a
// value not below d or too few values.
func Equidistribution(v []uint32, d uint64) (Result, error) {
	return Serial(v, d, 1)
}
