package start

import (
	"fmt"
	"strings"

	"github.com/wipsvec/wipsvec/skipgram"
)

// SharedNoiseDefaults says how many windows each model's draw of noise
// words serves by default in a new run, for a help text: "2 for sg, 1 for
// the others".
func SharedNoiseDefaults() string {
	var shared []string
	for _, k := range skipgram.Kinds() {
		o := skipgram.DefaultOptions()
		o.Model = k
		if n := o.SharedNoise(); n > 1 {
			shared = append(shared, fmt.Sprintf("%d for %s", n, k))
		}
	}
	o := skipgram.DefaultOptions()
	o.Model, o.Subwords.Minn, o.Subwords.Maxn, o.Subwords.Bucket = skipgram.WIPS, 3, 6, 1
	if n := o.SharedNoise(); n > 1 {
		shared = append(shared, fmt.Sprintf("%d for a one-view model with -maxn", n))
	}
	return strings.Join(append(shared, "1 for the others"), ", ")
}

// ModelNames names the models, for a help text: "sg, ips, ...".
func ModelNames() string {
	var names []string
	for _, k := range skipgram.Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}
