package speed

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"text/tabwriter"
)

// WriteTable prints the report as an aligned text table: a header naming
// the corpus and hyperparameters, the ceiling per size, then one row per
// cell. Ratios that were not measured are shown as "-".
func (r *ThroughputReport) WriteTable(w io.Writer) error {
	var b bytes.Buffer
	what := r.Corpus
	if r.LimitBytes > 0 {
		what = fmt.Sprintf("first %s of %s", humanBytes(r.LimitBytes), r.Corpus)
	}
	fmt.Fprintf(&b, "corpus: %s: %s in-vocabulary words, vocabulary %d\n", what, humanCount(float64(r.Tokens)), r.Vocab)
	fmt.Fprintf(&b, "training: -window %d -negative %d -sample %g -min-count %d -alpha %g -iter %d; median of %d run(s); %d CPUs, %s, kernels: %s\n",
		r.Window, r.Negative, r.Sample, r.MinCount, r.Alpha, r.Iter, r.Repeat, r.CPUs, r.GOARCH, r.Kernels)
	for _, c := range r.Ceilings {
		fmt.Fprintf(&b, "ceiling: %s pair updates/s in batch windows at K=%d in L1 = %s words/sec/thread (%.1f updates per word, from %s)\n",
			humanCount(c.UpdatesPerSec), c.Dim, humanCount(c.WordsPerSec), c.UpdatesPerWord, c.PerWordFrom)
	}
	if c := r.CoreToCore; c != nil {
		fmt.Fprintf(&b, "core-to-core round trip before and after the multi-threaded runs (%d probes): median %.0f ns, %.0f to %.0f ns\n",
			c.Probes, c.MedianNs, c.MinNs, c.MaxNs)
	}
	if r.GensimNote != "" {
		fmt.Fprintln(&b, r.GensimNote)
	}
	if r.Incomplete != "" {
		fmt.Fprintf(&b, "incomplete: the rows hold the runs made before %s\n", r.Incomplete)
	}
	fmt.Fprintln(&b)

	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "trainer\tmodel\tK\tthreads\twords/s/thread\tloss\tspeed-up\tof separate\tplacement\tof ceiling\tpeak RSS MB\tanon MB\tfile MB\tfloor MB\tvs gensim\t")
	for _, row := range r.Rows {
		place := row.Placement
		if place == "" {
			place = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n",
			row.Trainer, row.Model, row.Dim, row.Threads,
			humanCount(row.WordsPerSecPerThread),
			orDash(row.Loss, "%.4f"),
			orDash(row.SpeedUp, "%.2fx"),
			orDash(row.OfSeparate, "%.2f"),
			place,
			orDash(100*row.OfCeiling, "%.0f%%"),
			megabytes(row.PeakRSS, "-"),
			megabytes(row.PeakRSSAnon, "n/a"),
			megabytes(row.PeakRSSFile, "n/a"),
			megabytes(row.FloorBytes, "0"),
			orDash(row.VsGensim, "%.2fx"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// WriteJSON writes the report as indented JSON.
func (r *ThroughputReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// megabytes prints n bytes in MB, with a decimal below 10 MB so that small
// runs do not all read 0; zero prints as zero.
func megabytes(n int64, zero string) string {
	switch mb := float64(n) / 1e6; {
	case n == 0:
		return zero
	case mb < 10:
		return strconv.FormatFloat(mb, 'f', 1, 64)
	default:
		return strconv.FormatFloat(mb, 'f', 0, 64)
	}
}

func orDash(x float64, format string) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return "-"
	}
	return fmt.Sprintf(format, x)
}

// humanCount prints a rate or count with three significant figures and a
// k/M/G suffix: rates differ across machines by far more than 0.5%.
func humanCount(x float64) string {
	switch ax := math.Abs(x); {
	case ax >= 1e9:
		return strconv.FormatFloat(x/1e9, 'f', sigDecimals(x/1e9), 64) + "G"
	case ax >= 1e6:
		return strconv.FormatFloat(x/1e6, 'f', sigDecimals(x/1e6), 64) + "M"
	case ax >= 1e3:
		return strconv.FormatFloat(x/1e3, 'f', sigDecimals(x/1e3), 64) + "k"
	}
	return strconv.FormatFloat(x, 'f', sigDecimals(x), 64)
}

func sigDecimals(x float64) int {
	switch ax := math.Abs(x); {
	case ax >= 100:
		return 0
	case ax >= 10:
		return 1
	}
	return 2
}

func humanBytes(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}
