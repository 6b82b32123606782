package linkpred

import (
	"encoding/json"
	"strings"
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
	if !strings.Contains(string(b), `"results"`) {
		t.Error("no results")
	}
}
