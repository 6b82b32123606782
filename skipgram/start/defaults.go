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
	return strings.Join(append(shared, "1 for the others"), ", ")
}

// ReplicaDefaults says which models keep replicas of their hot rows by
// default in a new run on n threads, and how many rows, for a help text:
// "ips, sips, ipds, hsg: 64*2/n, 4096*2/n targets' rows; wips, sg: none;
// cbow, hs tree 64*2/n".
func ReplicaDefaults() string {
	var keep, none []string
	for _, k := range skipgram.Kinds() {
		o := skipgram.DefaultOptions()
		o.Model, o.Threads = k, 2
		if o.HotReplicaRows() > 0 {
			keep = append(keep, string(k))
		} else {
			none = append(none, string(k))
		}
	}
	s := fmt.Sprintf("%s: %d*2/n, %d*2/n targets' rows", strings.Join(keep, ", "), skipgram.DefaultReplicaHotRows, skipgram.DefaultReplicaTargetRows)
	if len(none) > 0 {
		s += "; " + strings.Join(none, ", ") + ": none"
	}
	return s + fmt.Sprintf("; cbow, hs tree %d*2/n", skipgram.DefaultReplicaHotRows)
}

// ModelNames names the models, for a help text: "sg, ips, ...".
func ModelNames() string {
	var names []string
	for _, k := range skipgram.Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}
