package planted

import (
	"context"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// TestPlantedIndefiniteSimilarity is the paper's central claim on a corpus
// whose co-occurrences follow a similarity with negative eigenvalues: IPS,
// whose Gram matrix is positive semidefinite, must fit it measurably worse
// than IPDS and WIPS.
func TestPlantedIndefiniteSimilarity(t *testing.T) {
	e := DefaultPlantedExperiment()
	if testing.Short() {
		e.Sentences = 150000
	}
	_, runs, err := e.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	fit := map[skipgram.Kind]PlantedFit{}
	for _, r := range runs {
		fit[r.Model] = r.Fit
		t.Logf("%-5s %v", r.Model, r.Fit)
	}
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
	for _, r := range runs {
		if r.Model == skipgram.WIPS {
			neg := 0
			for _, l := range r.Lambda {
				if l < 0 {
					neg++
				}
			}
			if neg == 0 {
				t.Errorf("WIPS learned no negative weight for an indefinite similarity: lambda %v", r.Lambda)
			}
		}
	}
}

func TestAUC(t *testing.T) {
	if got := auc([]float64{3, 4}, []float64{1, 2}); got != 1 {
		t.Errorf("separable AUC %v", got)
	}
	if got := auc([]float64{1, 2}, []float64{1, 2}); got != 0.5 {
		t.Errorf("identical AUC %v", got)
	}
	if got := auc([]float64{1}, []float64{1, 2, 0}); got != 0.5 {
		t.Errorf("tie AUC %v, want (0.5+0+1)/3", got)
	}
}
