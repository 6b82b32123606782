package skipgram

import (
	"testing"

	"github.com/wipsvec/wipsvec/skipgram/subword"
)

// TestUnset: the defaults that depend on other settings apply only where
// the caller gave no value.
func TestUnset(t *testing.T) {
	unset := func(o Options, given bool) Options {
		o.Unset(func(string) bool { return given })
		return o
	}
	o := DefaultOptions()
	if got := unset(o, false); got.Alpha != o.Alpha || !got.Batch {
		t.Errorf("skip-gram: alpha %v, batch %v", got.Alpha, got.Batch)
	}
	o.CBOW = true
	if got := unset(o, true); got.Alpha != o.Alpha {
		t.Errorf("CBOW's given alpha = %v", got.Alpha)
	}
	if got := unset(o, false); got.Alpha != DefaultCBOWAlpha {
		t.Errorf("CBOW's default alpha = %v", got.Alpha)
	}
	o = DefaultOptions()
	o.Subwords = subword.Default()
	if !unset(o, true).Batch {
		t.Error("a run with subwords and -batch given left batch windows")
	}
	if unset(o, false).Batch {
		t.Error("SG with subwords kept batch windows it was not given")
	}
	o.Model = WIPS
	if !unset(o, false).Batch {
		t.Error("WIPS with subwords left batch windows it was not given")
	}
}
