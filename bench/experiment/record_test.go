package experiment

import (
	"encoding/json"
	"testing"

	"github.com/wipsvec/wipsvec/skipgram"
)

// oldLines are records written before Setup held skipgram.Settings: the
// first by the experiment command of then on one thread, the second with
// the replica and noise-sharing keys a run on two threads records.
var oldLines = []string{
	`{"corpus":"small.txt","corpus_tokens":463137,"vocab":8682,"min_count":5,"window":5,"negative":5,"sample":0.0001,` +
		`"lambda_init":"spectral","lambda_alpha":0.001,"lambda_recipe":4,"batch":true,"model":"wips","dim":4,"alpha":0.025,` +
		`"seed":1,"epochs":1,"status":"ok","rho":{"wip":{"simlex999":0.06523895225176328,"wordsim353-rel":0.09090195903051622,` +
		`"wordsim353-sim":0.20562442473601306,"yp-130":-0.25412699145014706}},"pairs":{"simlex999":999,"wordsim353-rel":252,` +
		`"wordsim353-sim":203,"yp-130":130},"found":{"simlex999":486,"wordsim353-rel":177,"wordsim353-sim":127,"yp-130":37},` +
		`"seconds":0.401,"words":463137,"words_per_sec":1154488,"loss":2.833887,"threads":1,` +
		`"lambda":[1.1603619,1.0382181,1.3580823,-1.0367438],"lambda_negative":1,"lambda_start":"neg:1",` +
		`"loss_curve":[[10108,0.01,4.13751]],"version":"0.1.0","finished":"2026-11-27T23:35:11Z"}`,
	`{"corpus":"small.txt","corpus_tokens":463137,"vocab":8682,"min_count":5,"window":5,"negative":5,"sample":0.0001,` +
		`"lambda_init":"spectral","lambda_alpha":0.001,"lambda_recipe":4,"batch":true,"hot_rows":-1,"hot_sync":10000,` +
		`"share_noise":2,"model":"sg","cbow":true,"dim":10,"alpha":0.025,"seed":1,"epochs":1,"status":"ok",` +
		`"seconds":0.2,"words":463137,"words_per_sec":2315685,"loss":2.5,"threads":2,"version":"0.1.0","finished":"2026-11-27T23:35:11Z"}`,
}

// TestOldRecordsResume reads records written before Setup held
// skipgram.Settings: each is written again byte for byte, and stands in
// for its run under the settings that made it, whatever the settings a
// record does not keep (each run's own, the threads), and for no run under
// another window.
func TestOldRecordsResume(t *testing.T) {
	settings := skipgram.Settings{Model: skipgram.IPS, Dim: 100, Iter: 5, Seed: 9, Threads: 8, NegDim: 3,
		Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: "spectral", LambdaAlpha: 0.001, Batch: true}
	replicas := settings
	replicas.HotRows, replicas.HotSync, replicas.ShareNoise = -1, 10000, 2
	for i, want := range []skipgram.Settings{settings, replicas} {
		var rec RunRecord
		if err := json.Unmarshal([]byte(oldLines[i]), &rec); err != nil {
			t.Fatal(err)
		}
		if again, err := json.Marshal(rec); err != nil || string(again) != oldLines[i] {
			t.Errorf("record %d written again as\n%s (%v), want\n%s", i, again, err, oldLines[i])
		}
		setup := Setup{Corpus: "small.txt", CorpusTokens: 463137, Vocab: 8682, MinCount: 5, LambdaRecipe: 4, Settings: want}
		if !rec.Matches(setup, rec.RunSpec) {
			t.Errorf("record %d (%+v) does not stand for its run under %+v", i, rec.Setup, setup)
		}
		setup.Settings.Window = 3
		if rec.Matches(setup, rec.RunSpec) {
			t.Errorf("record %d stands for its run at another window", i)
		}
	}
}

// TestReplicatedRecordsTrainAgain: a record of IPS, SIPS, IPDS or HSG
// trained under the default replicas before they left the models' own
// rows stands for no run today; SG's, WIPS's and CBOW's, trained the same
// then, still do.
func TestReplicatedRecordsTrainAgain(t *testing.T) {
	plainHSG := Setup{Corpus: "small.txt", CorpusTokens: 463137, Vocab: 8682, MinCount: 5, LambdaRecipe: 4, PlainRows: true,
		Settings: skipgram.Settings{Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: "spectral", LambdaAlpha: 0.001, Batch: true, HotRows: -1, HotSync: 10000, ShareNoise: 2}}
	spec := RunSpec{Model: skipgram.HSG, Dim: 10, Alpha: 0.025, Seed: 1, Epochs: 5}
	now := plainHSG
	now.OwnReplicas = true
	if (RunRecord{Setup: plainHSG, RunSpec: spec}).Matches(now, spec) {
		t.Error("HSG recorded in plain Hogwild stands for a run with its replicas")
	}
	if spec.Model = skipgram.SIPS; !(RunRecord{Setup: plainHSG, RunSpec: spec}).Matches(now, spec) {
		t.Error("SIPS recorded before HSG's replicas came back does not stand for today's run")
	}

	settings := skipgram.Settings{Window: 5, Negative: 5, Sample: 1e-4, LambdaInit: "spectral", LambdaAlpha: 0.001,
		Batch: true, HotRows: -1, HotSync: 10000, ShareNoise: 2}
	for _, c := range []struct {
		model skipgram.Kind
		cbow  bool
		stale bool
	}{
		{skipgram.IPDS, false, true},
		{skipgram.SIPS, false, true},
		{skipgram.HSG, false, true},
		{skipgram.IPS, true, false},
		{skipgram.SG, false, false},
		{skipgram.WIPS, false, false},
	} {
		var rec RunRecord
		if err := json.Unmarshal([]byte(oldLines[1]), &rec); err != nil {
			t.Fatal(err)
		}
		rec.Model, rec.CBOW = c.model, c.cbow
		today := Setup{Corpus: "small.txt", CorpusTokens: 463137, Vocab: 8682, MinCount: 5, LambdaRecipe: 4, Settings: settings, PlainRows: true, OwnReplicas: true}
		if got := rec.Matches(today, rec.RunSpec); got == c.stale {
			t.Errorf("%s (cbow %v), recorded under the old default replicas: stands for today's run %v, want %v", c.model, c.cbow, got, !c.stale)
		}
		again := rec
		again.Setup = today
		if !again.Matches(today, again.RunSpec) {
			t.Errorf("%s (cbow %v), recorded today: does not stand for today's run", c.model, c.cbow)
		}
	}
}
