package embedding

import (
	"math"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func randRow(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = r.Float32()*2 - 1
	}
	return v
}

// testForms covers every kind of form at dimension 6.
func testForms() []Form {
	return []Form{
		{Name: "ip"},
		{Name: "cos", Cosine: true},
		{Name: "sips", Bias: true},
		{Name: "ipds(q=2)", Neg: 2},
		{Name: "wip", Weights: []float32{1, -1, 0.5, 2, -0.25, 1}},
		{Name: "minkowski", Neg: 1},
		{Name: "wip+bias", Bias: true, Weights: []float32{1, -1, 0.5, 2, -0.25}},
		{Name: "ipds+bias", Bias: true, Neg: 1},
	}
}

// TestFormSplitMatchesFunc: the two ways a form is evaluated, float64 for
// the benchmarks and <L a, R b> + c_a + d_b for graph ranking, agree.
func TestFormSplitMatchesFunc(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const dim = 6
	for _, f := range testForms() {
		if err := f.Check(dim); err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		sim := f.Similarity()
		for trial := range 20 {
			a, b := randRow(r, dim), randRow(r, dim)
			la, ra, lb, rb := make([]float32, dim), make([]float32, dim), make([]float32, dim), make([]float32, dim)
			ca, _ := f.Split(a, la, ra)
			_, db := f.Split(b, lb, rb)
			got := dot64(la, rb) + float64(ca) + float64(db)
			if want := sim.Func(a, b); math.Abs(got-want) > 1e-6 {
				t.Fatalf("%s trial %d: split gives %v, Func %v", f.Name, trial, got, want)
			}
		}
	}
}

// TestFormsAreTheModelsSimilarities checks each form against the score
// function of the model it stands for, written out, to the last bit: eval's
// numbers do not move when the similarities are derived from forms.
func TestFormsAreTheModelsSimilarities(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const dim = 9
	lambda := randRow(r, dim)
	dot := func(a, b []float32) float64 {
		var s float64
		for i := range a {
			s += float64(a[i]) * float64(b[i])
		}
		return s
	}
	for _, tc := range []struct {
		form Form
		want func(a, b []float32) float64
	}{
		{Form{Name: "ip"}, dot},
		{Form{Name: "sips", Bias: true}, func(a, b []float32) float64 {
			n := len(a) - 1
			return dot(a[:n], b[:n]) + float64(a[n]) + float64(b[n])
		}},
		{Form{Name: "ipds", Neg: 3}, func(a, b []float32) float64 {
			p := len(a) - 3
			return dot(a[:p], b[:p]) - dot(a[p:], b[p:])
		}},
		{Form{Name: "wip", Weights: lambda}, func(a, b []float32) float64 {
			var s float64
			for i := range a {
				s += float64(lambda[i]) * float64(a[i]) * float64(b[i])
			}
			return s
		}},
		{Form{Name: "minkowski", Neg: 1}, func(a, b []float32) float64 {
			n := len(a) - 1
			return dot(a[:n], b[:n]) - float64(a[n])*float64(b[n])
		}},
		{Form{Name: "cos", Cosine: true}, func(a, b []float32) float64 {
			return dot(a, b) / math.Sqrt(dot(a, a)*dot(b, b))
		}},
	} {
		f := tc.form.Similarity().Func
		for range 50 {
			a, b := randRow(r, dim), randRow(r, dim)
			if got, want := f(a, b), tc.want(a, b); got != want {
				t.Fatalf("%s: %v, want %v", tc.form.Name, got, want)
			}
		}
	}
}

func TestFormCheck(t *testing.T) {
	for _, tc := range []struct {
		form Form
		dim  int
		want string
	}{
		{Form{}, 4, "without a name"},
		{Form{Name: "x", Cosine: true, Neg: 1}, 4, "cosine takes no"},
		{Form{Name: "x", Bias: true}, 1, "at least 2"},
		{Form{Name: "x", Neg: 4}, 4, "outside (0, 4)"},
		{Form{Name: "x", Neg: -1}, 4, "outside"},
		{Form{Name: "x", Bias: true, Neg: 3}, 4, "outside (0, 3)"},
		{Form{Name: "x", Weights: []float32{1, 2}}, 4, "2 weights, want 4"},
		{Form{Name: "x", Weights: []float32{1, 2, 3, float32(math.NaN())}}, 4, "weight 3 is NaN"},
		{Form{Name: "x", Weights: []float32{1, 2, 3, 4}, Neg: 1}, 4, "own signs"},
	} {
		err := tc.form.Check(tc.dim)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v at dim %d: %v, want an error saying %q", tc.form, tc.dim, err, tc.want)
		}
	}
}

// TestSidecarWithForms: a sidecar that records its similarities is read
// without knowing its model, and scores with exactly those.
func TestSidecarWithForms(t *testing.T) {
	dir := t.TempDir()
	vpath := filepath.Join(dir, "vec.bin")
	v := testVectors(5, 6, 0)
	m := &Meta{Model: "some-new-model", Dim: 6, Words: 5, Version: "9", Forms: testForms()}
	if err := WriteMeta(SidecarPath(vpath), m); err != nil {
		t.Fatal(err)
	}
	got, err := ReadMeta(vpath, v)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Forms, m.Forms) {
		t.Errorf("forms read back as %+v", got.Forms)
	}
	sims := got.Similarities()
	if len(sims) != len(m.Forms) || sims[3].Name != "ipds(q=2)" {
		t.Fatalf("similarities %v", sims)
	}
	bad := *m
	bad.Forms = []Form{{Name: "x", Neg: 6}}
	if err := WriteMeta(SidecarPath(vpath), &bad); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("a sidecar with an impossible form was written: %v", err)
	}
}

func TestPlainSimilarities(t *testing.T) {
	var m *Meta
	sims := m.Similarities()
	if len(sims) != 2 || sims[0].Name != "cos" || sims[1].Name != "ip" {
		t.Errorf("a file without a sidecar scores with %v, want cos and ip", sims)
	}
}
