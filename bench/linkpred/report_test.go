package linkpred

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

func TestReportJSON(t *testing.T) {
	r := NewReport("v.txt", "sg", "g.tsv", "", []Result{{Sim: "cosine", MeanRank: 1.5, MAP: 0.5, AUC: 0.9, Edges: 3, Sources: 2, Nodes: 4, Elapsed: 2 * time.Second}})
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"vectors":"v.txt","model":"sg","graph":"g.tsv","results":[{"sim":"cosine","mean_rank":1.5,"map":0.5,"auc":0.9,"edges":3,"sources":2,"nodes":4,"missing":0,"seconds":2}]}`
	if got := string(b); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	var tab bytes.Buffer
	r.Exclude = "train.tsv"
	if err := r.WriteTable(&tab, "v.txt: model sg", 3*time.Second, 2); err != nil {
		t.Fatal(err)
	}
	want = `v.txt: model sg
link prediction (training edges train.tsv excluded) on g.tsv: 3 edges from 2 nodes among 4 candidates; 0 edges skipped (node without a vector)
similarity       mean rank     MAP  ROC-AUC   seconds
cosine                1.50   0.500    90.00      2.00
total 3.00s on 2 threads
`
	if tab.String() != want {
		t.Errorf("table:\n%s\nwant\n%s", tab.String(), want)
	}
}
