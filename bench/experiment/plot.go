package experiment

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
	"github.com/wipsvec/wipsvec/skipgram/embedding"
)

// This file draws an experiment's table as pictures: WIPS's learned lambda
// (sorted, and as a histogram per run), Spearman's rho per model and
// benchmark, and training loss over a run.

// ErrNoData is returned by a plot that has nothing to draw, such as the
// lambda plot of a grid without WIPS.
var ErrNoData = errors.New("nothing to plot")

// Plot file names written by WritePlots.
const (
	LambdaPlot     = "lambda.png"
	LambdaHistPlot = "lambda_hist.png"
	SpearmanPlot   = "spearman.png"
	LossPlot       = "loss.png"
)

// plotDPI makes PNGs sharp enough to read on a high-density screen.
const plotDPI = 144

var (
	negColor = color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
	posColor = color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	// palette is matplotlib's tab10, distinct in colour and lightness.
	palette = []color.Color{
		color.RGBA{0x1f, 0x77, 0xb4, 0xff}, color.RGBA{0xff, 0x7f, 0x0e, 0xff},
		color.RGBA{0x2c, 0xa0, 0x2c, 0xff}, color.RGBA{0xd6, 0x27, 0x28, 0xff},
		color.RGBA{0x94, 0x67, 0xbd, 0xff}, color.RGBA{0x8c, 0x56, 0x4b, 0xff},
		color.RGBA{0xe3, 0x77, 0xc2, 0xff}, color.RGBA{0x7f, 0x7f, 0x7f, 0xff},
		color.RGBA{0xbc, 0xbd, 0x22, 0xff}, color.RGBA{0x17, 0xbe, 0xcf, 0xff},
	}
)

// PlotFiles are the files WritePlots writes into its directory.
func PlotFiles() []string {
	return []string{LambdaPlot, LambdaHistPlot, SpearmanPlot, LossPlot}
}

// WritePlots writes LambdaPlot, LambdaHistPlot, SpearmanPlot and LossPlot into dir (created
// if needed) and returns the paths written. A plot without data (no WIPS
// run, no loss curve) is skipped, not an error.
func WritePlots(dir string, t *Table) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("plot: %w", err)
	}
	var written []string
	for _, p := range []struct {
		name string
		draw func(io.Writer, *Table) error
	}{{LambdaPlot, PlotLambda}, {LambdaHistPlot, PlotLambdaHistograms}, {SpearmanPlot, PlotSpearman}, {LossPlot, PlotLoss}} {
		path := filepath.Join(dir, p.name)
		err := atomicfile.WriteFile(path, func(w io.Writer) error { return p.draw(w, t) })
		if errors.Is(err, ErrNoData) {
			continue
		}
		if err != nil {
			return written, fmt.Errorf("plot: write %s: %w", path, err)
		}
		written = append(written, path)
	}
	return written, nil
}

// PlotLambda draws, for each K, the lambda WIPS learned in the selected
// setting's first run, sorted by value, negative weights red and positive
// blue: how many dimensions WIPS turned into IPDS's negative part, and how
// strongly.
func PlotLambda(w io.Writer, t *Table) error {
	return drawLambdaPanels(w, t, "lambda", 3.6*vg.Inch, true, lambdaPanel)
}

// drawLambdaPanels draws, stacked, a panel of height for each run of
// wipsRuns (the first of each K's, if firstOnly); what names the plot in
// the error where there is none.
func drawLambdaPanels(w io.Writer, t *Table, what string, height vg.Length, firstOnly bool, panel func(RunRecord) (*plot.Plot, error)) error {
	var plots []*plot.Plot
	for _, runs := range wipsRuns(t) {
		if firstOnly {
			runs = runs[:1]
		}
		for _, r := range runs {
			p, err := panel(r)
			if err != nil {
				return err
			}
			plots = append(plots, p)
		}
	}
	if len(plots) == 0 {
		return fmt.Errorf("%s: %w (no finished WIPS run)", what, ErrNoData)
	}
	return drawStacked(w, plots, 10*vg.Inch, height)
}

// wipsRuns lists, for each WIPS row (WIPS, WIPS-CBOW) and K, the runs of
// the selected setting that learned a lambda.
func wipsRuns(t *Table) [][]RunRecord {
	var out [][]RunRecord
	for _, row := range t.Rows {
		if !row.Variant.Model.LearnsLambda() {
			continue
		}
		for _, c := range row.Cells {
			if !c.OK() {
				continue
			}
			var runs []RunRecord
			for _, r := range c.Runs {
				if len(r.Lambda) > 0 {
					runs = append(runs, r)
				}
			}
			if len(runs) > 0 {
				out = append(out, runs)
			}
		}
	}
	return out
}

func lambdaPanel(r RunRecord) (*plot.Plot, error) {
	lambda := make([]float64, len(r.Lambda))
	for i, l := range r.Lambda {
		lambda[i] = float64(l)
	}
	slices.Sort(lambda)
	neg := 0
	var negSum, posSum float64
	for _, l := range lambda {
		if l < 0 {
			neg++
			negSum += l
		} else {
			posSum += l
		}
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("%s λ sorted by value, K=%d (α %g, seed %d): %d of %d negative (sum %.3g), positive sum %.3g",
		Model{Kind: r.Model, Arch: r.Arch}.title(), len(lambda), r.Alpha, r.Seed, neg, len(lambda), negSum, posSum)
	p.X.Label.Text = "rank of λ_k (ascending)"
	p.Y.Label.Text = "λ_k"
	p.X.Min, p.X.Max = -0.5, float64(len(lambda))-0.5
	p.Add(horizontalGrid())
	// Bars fill 80% of their slot: the data area is about 8.8 of the 10 inches.
	width := max(8.8*vg.Inch*0.8/vg.Length(len(lambda)), 0.5)
	for _, part := range []struct {
		vals  []float64
		start int
		col   color.Color
		label string
	}{
		{lambda[:neg], 0, negColor, "λ_k < 0"},
		{lambda[neg:], neg, posColor, "λ_k ≥ 0"},
	} {
		if len(part.vals) == 0 {
			continue
		}
		bars, err := plotter.NewBarChart(plotter.Values(part.vals), width)
		if err != nil {
			return nil, err
		}
		bars.XMin = float64(part.start)
		bars.Color = part.col
		bars.LineStyle.Width = 0
		p.Add(bars)
		p.Legend.Add(part.label, bars)
	}
	p.Y.Tick.Marker = stepTicks{}
	// Room above and below the longest bars.
	hi, lo := max(lambda[len(lambda)-1], 0), min(lambda[0], 0)
	pad := max(0.05*(hi-lo), 0.01)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}

// PlotLambdaHistograms draws, for every WIPS run of the selected settings
// (each K, each seed), the histogram of its learned lambda: negative
// weights red, positive blue, the near-zero band (|λ| below
// embedding.NearZeroFraction of the RMS, coordinates whose share of a
// score training shrank) shaded, and the counts in the title. Seeds side by side show
// whether the signs WIPS found are a property of the data or of the run.
func PlotLambdaHistograms(w io.Writer, t *Table) error {
	return drawLambdaPanels(w, t, "lambda histogram", 3*vg.Inch, false, lambdaHistPanel)
}

// lambdaHistBins is the number of bins over lambda's range.
const lambdaHistBins = 40

func lambdaHistPanel(r RunRecord) (*plot.Plot, error) {
	s := embedding.SummarizeLambda(r.Lambda)
	lo, hi := float64(min(s.Min, 0)), float64(max(s.Max, 0))
	if hi-lo < 1e-9 {
		hi = lo + 1
	}
	width := (hi - lo) / lambdaHistBins
	neg := &plotter.Histogram{Width: width, FillColor: negColor}
	pos := &plotter.Histogram{Width: width, FillColor: posColor}
	for b := range lambdaHistBins {
		bin := plotter.HistogramBin{Min: lo + float64(b)*width, Max: lo + float64(b+1)*width}
		if b == lambdaHistBins-1 {
			bin.Max = hi
		}
		for _, l := range r.Lambda {
			x := float64(l)
			if x >= bin.Min && (x < bin.Max || (b == lambdaHistBins-1 && x <= bin.Max)) {
				bin.Weight++
			}
		}
		if bin.Max <= 0 {
			neg.Bins = append(neg.Bins, bin)
		} else {
			pos.Bins = append(pos.Bins, bin)
		}
	}
	p := newPlot()
	p.Title.Text = fmt.Sprintf("%s λ, K=%d (α %g, seed %d, start %s): %d negative, %d positive, %d near zero; range [%.2f, %.2f]",
		Model{Kind: r.Model, Arch: r.Arch}.title(), len(r.Lambda), r.Alpha, r.Seed, orDash(r.LambdaStart), s.Negative, s.Positive, s.NearZero, s.Min, s.Max)
	p.X.Label.Text = "λ_k"
	p.Y.Label.Text = "coordinates"
	p.Add(horizontalGrid())
	band := s.RMS * embedding.NearZeroFraction
	shade, err := plotter.NewPolygon(plotter.XYs{{X: -band, Y: 0}, {X: band, Y: 0}, {X: band, Y: float64(len(r.Lambda))}, {X: -band, Y: float64(len(r.Lambda))}})
	if err != nil {
		return nil, err
	}
	shade.Color = color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}
	shade.LineStyle.Width = 0
	p.Add(shade)
	p.Legend.Add(fmt.Sprintf("|λ| < %.1f RMS", embedding.NearZeroFraction), shade)
	for _, h := range []*plotter.Histogram{neg, pos} {
		if len(h.Bins) > 0 {
			h.LineStyle.Width = 0
			p.Add(h)
		}
	}
	p.Legend.Add("λ_k < 0", neg)
	p.Legend.Add("λ_k > 0", pos)
	var most float64
	for _, h := range []*plotter.Histogram{neg, pos} {
		for _, b := range h.Bins {
			most = max(most, b.Weight)
		}
	}
	p.Y.Min, p.Y.Max = 0, most*1.1+0.5
	p.X.Min, p.X.Max = lo-width, hi+width
	p.Legend.Top, p.Legend.Left = true, true
	return p, nil
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// PlotSpearman draws the table as grouped bars, one panel per K: a group per
// row (model), a bar per benchmark, and the paper's number as a black dash
// over each bar where the paper has one.
func PlotSpearman(w io.Writer, t *Table) error {
	var plots []*plot.Plot
	for ki, k := range t.Grid.Sizes {
		p, ok, err := spearmanPanel(t, ki, k)
		if err != nil {
			return err
		}
		if ok {
			plots = append(plots, p)
		}
	}
	if len(plots) == 0 {
		return fmt.Errorf("spearman: %w (no finished run)", ErrNoData)
	}
	return drawStacked(w, plots, spearmanWidth(t), 4.6*vg.Inch)
}

// spearmanWidth is the Spearman plot's width: 11 inches for Table 3's nine
// rows, wider for the rows of other architectures, so that names like
// "SG-CBOW*(K/2)" keep apart.
func spearmanWidth(t *Table) vg.Length {
	return vg.Length(max(11, 1.2*float64(len(t.Rows)))) * vg.Inch
}

func spearmanPanel(t *Table, ki, k int) (*plot.Plot, bool, error) {
	p := newPlot()
	p.Title.Text = fmt.Sprintf("Spearman's ρ ×100, K=%d: bars ours (mean over %d seed%s, %s), dashes the paper's Table 3",
		k, len(t.Grid.Seeds), plural(len(t.Grid.Seeds)), t.Setup.Corpus)
	p.Y.Label.Text = "Spearman's ρ ×100"
	names := make([]string, len(t.Rows))
	for i, row := range t.Rows {
		names[i] = row.Variant.Name
	}
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	p.Add(horizontalGrid())
	nd := len(t.Datasets)
	slot := 0.8 / float64(max(nd, 1)) // share of a group per bar, in data units
	// All but about an inch is data area.
	width := vg.Length(slot*0.9) * (spearmanWidth(t) - vg.Inch) / vg.Length(len(names))
	drawn := false
	top, bottom := 0.0, 0.0
	var missing plotter.XYLabels
	var paper plotter.XYs
	for di, d := range t.Datasets {
		vals := make(plotter.Values, len(t.Rows))
		off := -0.4 + slot*(float64(di)+0.5)
		for i, row := range t.Rows {
			c := &row.Cells[ki]
			if x, ok := c.Rho[d]; ok && c.OK() {
				vals[i] = 100 * x
				drawn = true
			} else if di == 0 && c.Planned {
				label := "…"
				if c.Failed > 0 && !c.OK() {
					label = "failed"
				}
				missing.XYs = append(missing.XYs, plotter.XY{X: float64(i), Y: 0})
				missing.Labels = append(missing.Labels, label)
			}
			if pv, ok := PaperValue(row.Variant.Name, d, k); ok {
				paper = append(paper, plotter.XY{X: float64(i) + off, Y: pv})
				top = max(top, pv)
			}
			top, bottom = max(top, vals[i]), min(bottom, vals[i])
		}
		bars, err := plotter.NewBarChart(vals, width)
		if err != nil {
			return nil, false, err
		}
		bars.XMin = off
		bars.Color = palette[di%len(palette)]
		bars.LineStyle.Width = 0
		p.Add(bars)
		p.Legend.Add(DatasetTitle(d), bars)
	}
	if !drawn {
		return nil, false, nil
	}
	if len(paper) > 0 {
		s, err := plotter.NewScatter(paper)
		if err != nil {
			return nil, false, err
		}
		s.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: width / 2, Shape: dashGlyph{}}
		p.Add(s)
		p.Legend.Add("paper", s)
	}
	if len(missing.XYs) > 0 {
		l, err := plotter.NewLabels(missing)
		if err != nil {
			return nil, false, err
		}
		p.Add(l)
	}
	p.Y.Tick.Marker = stepTicks{}
	// Headroom for the legend above the tallest bar.
	p.Y.Min = min(bottom*1.1, 0)
	p.Y.Max = top + 0.35*(top-p.Y.Min) + 1
	p.Legend.Top, p.Legend.Left = true, true
	return p, true, nil
}

// dashGlyph is a horizontal stroke as wide as a bar: a reference level
// drawn over it.
type dashGlyph struct{}

func (dashGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	ls := draw.LineStyle{Color: sty.Color, Width: vg.Points(2.5)}
	c.StrokeLine2(ls, pt.X-sty.Radius, pt.Y, pt.X+sty.Radius, pt.Y)
}

// PlotLoss draws the training loss against words processed for one run per
// model: at the largest K with curves, the selected setting's first run.
func PlotLoss(w io.Writer, t *Table) error {
	for ki := len(t.Grid.Sizes) - 1; ki >= 0; ki-- {
		p := newPlot()
		p.Add(plotter.NewGrid())
		n := 0
		var epochs int
		var words float64
		for _, row := range t.Rows {
			v := row.Variant
			// One curve per trained model: SG* is the same run scored by
			// cosine, SG(K/2) another size.
			if v.Half || v.Sim == "cos" {
				continue
			}
			c := &row.Cells[ki]
			if !c.OK() || len(c.Runs[0].LossCurve) < 2 {
				continue
			}
			r := c.Runs[0]
			xys := make(plotter.XYs, len(r.LossCurve))
			for i, pt := range r.LossCurve {
				xys[i] = plotter.XY{X: pt[0] / 1e6, Y: pt[2]}
			}
			l, err := plotter.NewLine(xys)
			if err != nil {
				return fmt.Errorf("loss: %w", err)
			}
			l.Color = palette[n%len(palette)]
			l.Width = vg.Points(1.5)
			p.Add(l)
			label := v.Name
			if v.Model.TakesNegDim() {
				label += fmt.Sprintf(" (q=%d)", r.NegDim)
			}
			p.Legend.Add(fmt.Sprintf("%s, α %g, %s", label, r.Alpha, formatSeconds(r.Seconds)), l)
			n++
			epochs = r.Epochs
			words = max(words, float64(r.Words)/1e6)
		}
		if n == 0 {
			continue
		}
		k := t.Grid.Sizes[ki]
		p.Title.Text = fmt.Sprintf("Training loss, K=%d, %d epoch%s on %s (selected setting, first seed)",
			k, epochs, plural(epochs), t.Setup.Corpus)
		p.X.Label.Text = "words processed (millions)"
		p.Y.Label.Text = "loss per positive pair (mean since previous sample)"
		p.X.Min, p.Y.Min = 0, 0
		p.Y.Tick.Marker = stepTicks{}
		p.X.Max = max(p.X.Max, words) // the curve starts after the first sample
		p.Legend.Top = true
		return drawStacked(w, []*plot.Plot{p}, 10*vg.Inch, 5.5*vg.Inch)
	}
	return fmt.Errorf("loss: %w (no run with a loss curve)", ErrNoData)
}

// horizontalGrid is a grid of horizontal lines only: vertical ones would
// cut through bar groups.
func horizontalGrid() *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical.Color = nil
	return g
}

// stepTicks labels every multiple of a round step (1, 2 or 5 times a power
// of ten) giving four to ten labels, with an unlabelled tick between: the
// default ticker labels as few as three values on a tall bar chart.
type stepTicks struct{}

func (stepTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return plot.DefaultTicks{}.Ticks(lo, hi)
	}
	raw := (hi - lo) / 10
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo / step * 2); i*step/2 <= hi; i++ {
		x := i * step / 2
		t := plot.Tick{Value: x}
		if math.Mod(i, 2) == 0 {
			t.Label = strconv.FormatFloat(round(x, 10), 'g', -1, 64)
		}
		ticks = append(ticks, t)
	}
	return ticks
}

func newPlot() *plot.Plot {
	p := plot.New()
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.X.Label.TextStyle.Font.Size = vg.Points(12)
	p.Y.Label.TextStyle.Font.Size = vg.Points(12)
	p.X.Tick.Label.Font.Size = vg.Points(11)
	p.Y.Tick.Label.Font.Size = vg.Points(11)
	p.Legend.TextStyle.Font.Size = vg.Points(11)
	p.Legend.ThumbnailWidth = vg.Points(18)
	p.Title.Padding = vg.Points(6)
	return p
}

// drawStacked draws plots one above the other, axes aligned, as a PNG.
func drawStacked(w io.Writer, plots []*plot.Plot, width, panelHeight vg.Length) error {
	img := vgimg.NewWith(vgimg.UseWH(width, panelHeight*vg.Length(len(plots))), vgimg.UseDPI(plotDPI),
		vgimg.UseBackgroundColor(color.White))
	dc := draw.New(img)
	grid := make([][]*plot.Plot, len(plots))
	for i, p := range plots {
		grid[i] = []*plot.Plot{p}
	}
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadX: vg.Points(8), PadY: vg.Points(14),
		PadTop: vg.Points(6), PadBottom: vg.Points(6), PadLeft: vg.Points(6), PadRight: vg.Points(12)}
	canvases := plot.Align(grid, tiles, dc)
	for i, p := range plots {
		p.Draw(canvases[i][0])
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(w); err != nil {
		return fmt.Errorf("encode png: %w", err)
	}
	return nil
}
