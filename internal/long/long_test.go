package long

import "testing"

func TestEnabled(t *testing.T) {
	for _, c := range []struct {
		v    string
		want bool
	}{{"", false}, {"0", false}, {"false", false}, {"1", true}, {"true", true}} {
		t.Setenv(Var, c.v)
		if got := Enabled(); got != c.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Var, c.v, got, c.want)
		}
	}
	t.Setenv(Var, "yes")
	defer func() {
		if recover() == nil {
			t.Errorf("%s=yes: Enabled() did not panic", Var)
		}
	}()
	Enabled()
}
