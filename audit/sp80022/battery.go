package sp80022

// A Test is one of the fifteen tests: NIST's name for it (STS's directory
// of results) and a function giving its p-values in STS's order.
type Test struct {
	Name string
	Run  func(Bits) ([]float64, error)
}

// Tests returns the fifteen tests in NIST's order, STS's numbering 1 to
// 15. Each call returns a new slice.
func Tests() []Test {
	return []Test{
		{"Frequency", one(Frequency)},
		{"BlockFrequency", one(BlockFrequency)},
		{"CumulativeSums", func(b Bits) ([]float64, error) {
			f, r, err := CumulativeSums(b)
			return pair(f, r, err)
		}},
		{"Runs", one(Runs)},
		{"LongestRun", one(LongestRun)},
		{"Rank", one(Rank)},
		{"FFT", one(FFT)},
		{"NonOverlappingTemplate", NonOverlappingTemplate},
		{"OverlappingTemplate", one(OverlappingTemplate)},
		{"Universal", one(Universal)},
		{"ApproximateEntropy", one(ApproximateEntropy)},
		{"RandomExcursions", RandomExcursions},
		{"RandomExcursionsVariant", RandomExcursionsVariant},
		{"Serial", func(b Bits) ([]float64, error) {
			p1, p2, err := Serial(b)
			return pair(p1, p2, err)
		}},
		{"LinearComplexity", one(LinearComplexity)},
	}
}

func one(f func(Bits) (float64, error)) func(Bits) ([]float64, error) {
	return func(b Bits) ([]float64, error) {
		p, err := f(b)
		if err != nil {
			return nil, err
		}
		return []float64{p}, nil
	}
}

func pair(p1, p2 float64, err error) ([]float64, error) {
	if err != nil {
		return nil, err
	}
	return []float64{p1, p2}, nil
}
