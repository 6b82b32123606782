package planted

import (
	"context"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
	"github.com/wipsvec/wipsvec/skipgram/spectrum"
)

// runPlanted runs e, on 150,000 sentences under -short, and returns its
// planted similarity, its runs and each model's fit, which it logs after
// prefix.
func runPlanted(t *testing.T, e PlantedExperiment, prefix string) (*Planted, []PlantedRun, map[skipgram.Kind]PlantedFit) {
	t.Helper()
	if testing.Short() {
		e.Sentences = 150000
	}
	p, runs, err := e.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fit := map[skipgram.Kind]PlantedFit{}
	for _, r := range runs {
		fit[r.Model] = r.Fit
		t.Logf("%s%-5s %v", prefix, r.Model, r.Fit)
	}
	return p, runs, fit
}

// TestPlantedIndefiniteSimilarity is the paper's central claim on a corpus
// whose co-occurrences follow a similarity with negative eigenvalues: IPS,
// whose Gram matrix is positive semidefinite, must fit it measurably worse
// than IPDS and WIPS; and WIPS, from its default start with no hint of the
// answer, must find the negative weights itself and fit as well as IPDS
// given them.
func TestPlantedIndefiniteSimilarity(t *testing.T) {
	e := DefaultPlantedExperiment()
	def := skipgram.DefaultOptions()
	if e.Train.LambdaInit != def.LambdaInit || e.Train.LambdaAlpha != def.LambdaAlpha {
		t.Fatalf("the planted experiment must train WIPS with the default lambda recipe, got init %q alpha %g",
			e.Train.LambdaInit, e.Train.LambdaAlpha)
	}
	p, runs, fit := runPlanted(t, e, "")
	ips := fit[skipgram.IPS]
	for _, k := range []skipgram.Kind{skipgram.IPDS, skipgram.WIPS} {
		if fit[k].Spearman < ips.Spearman+0.15 {
			t.Errorf("%s recovers the planted similarity with Spearman %.3f, not clearly above IPS's %.3f", k, fit[k].Spearman, ips.Spearman)
		}
		if fit[k].AUC < ips.AUC+0.03 {
			t.Errorf("%s held-out AUC %.3f, not clearly above IPS's %.3f", k, fit[k].AUC, ips.AUC)
		}
		if fit[k].Spearman < 0.8 {
			t.Errorf("%s Spearman %.3f: should recover the planted similarity well", k, fit[k].Spearman)
		}
	}
	if w, d := fit[skipgram.WIPS].Spearman, fit[skipgram.IPDS].Spearman; w < d-0.02 {
		t.Errorf("WIPS Spearman %.3f, more than 0.02 below IPDS's %.3f", w, d)
	}
	want := p.SGNSNegatives()
	for _, r := range runs {
		if r.Model != skipgram.WIPS {
			continue
		}
		s := embedding.SummarizeLambda(r.Lambda)
		t.Logf("WIPS %v: %.3f", s, r.Lambda)
		if s.Negative != want {
			t.Errorf("WIPS ended with %d negative weights, want the planted %d: lambda %.3f", s.Negative, want, r.Lambda)
		}
	}
}

// TestSpectralStartFindsPlantedSigns: the spectral start reads the planted
// corpus's sign count, shift included, before any training, and leaves the
// coordinates beyond the planted rank (their eigenvalues sampling noise)
// positive.
func TestSpectralStartFindsPlantedSigns(t *testing.T) {
	e := DefaultPlantedExperiment()
	e.Sentences = 150000
	p, v, stream, err := e.Corpus()
	if err != nil {
		t.Fatal(err)
	}
	q, top, err := spectrum.Negatives(v, [][]int32{stream}, e.Train.Dim,
		spectrum.Options{Window: e.Train.Window, Negative: e.Train.Negative})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("eigenvalues %.1f", top)
	if q != p.SGNSNegatives() {
		t.Fatalf("spectral start: %d negative weights, want %d (eigenvalues %.1f)", q, p.SGNSNegatives(), top)
	}
}

// TestPlantedCBOW: CBOW, scoring the mean of a window's contexts against
// the centre word under the model's own similarity, recovers the planted
// indefinite similarity as skip-gram does: IPDS and WIPS well, IPS, whose
// Gram matrix cannot hold the negative part, clearly worse.
func TestPlantedCBOW(t *testing.T) {
	e := DefaultPlantedExperiment()
	e.Train.CBOW = true
	e.Models = []skipgram.Kind{skipgram.IPS, skipgram.IPDS, skipgram.WIPS}
	_, _, fit := runPlanted(t, e, "cbow ")
	for _, k := range []skipgram.Kind{skipgram.IPDS, skipgram.WIPS} {
		if fit[k].Spearman < 0.8 || fit[k].Spearman < fit[skipgram.IPS].Spearman+0.15 {
			t.Errorf("cbow %s recovers the planted similarity with Spearman %.3f (IPS %.3f): want 0.8 or more, clearly above IPS",
				k, fit[k].Spearman, fit[skipgram.IPS].Spearman)
		}
	}
}
