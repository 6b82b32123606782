package main

import (
	"bufio"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The README is the manual: under the heading of each command it lists
// the command's flags in tables whose rows start with the flag and its
// default, | `-flag` | default | meaning |. These tests keep the manual and
// -h from drifting apart.

// manualCommands are the commands whose every flag the README must list.
var manualCommands = []string{"train", "eval", "nearest", "encode", "phrases", "demo"}

// helpCommands are every command line that has flags of its own.
var helpCommands = [][]string{
	{"train"}, {"eval"}, {"nearest"}, {"demo"}, {"phrases"}, {"encode"}, {"bench"}, {"experiment"},
	{"graph", "wordnet"}, {"graph", "split"}, {"corpus", "clean"}, {"version"},
}

// definedFlags returns the flags that the command line args defines, found
// by running it with -h.
func definedFlags(t *testing.T, args ...string) map[string]*flag.Flag {
	t.Helper()
	flags := make(map[string]*flag.Flag)
	std := stdio{in: strings.NewReader(""), out: io.Discard, err: io.Discard, defined: func(fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) { flags[f.Name] = f })
	}}
	run(append(slices.Clone(args), "-h"), std)
	return flags
}

// manualRow is a flag as a table row of the README lists it.
type manualRow struct {
	flag, def string
	line      int
}

// readManual returns the flag rows of the README's tables, by the command
// whose section ("### COMMAND ...") they are in.
func readManual(t *testing.T, path string) map[string][]manualRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	heading := regexp.MustCompile("^### ([a-z]+)")
	row := regexp.MustCompile("^\\| `-([a-z0-9-]+)` \\| ([^|]*) \\|")
	rows := make(map[string][]manualRow)
	section := ""
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			section = ""
			if m := heading.FindStringSubmatch(line); m != nil {
				section = m[1]
			}
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil && section != "" {
			rows[section] = append(rows[section], manualRow{flag: m[1], def: strings.TrimSpace(m[2]), line: n})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// sameDefault reports whether the README's default cell says what -h's
// default value is: `X` for the value X (numbers and durations compared
// as such), — for none (an empty string, 0 or false), "the CPUs" for the
// number of CPUs.
func sameDefault(cell, value string) bool {
	switch {
	case cell == "—":
		return value == "" || value == "0" || value == "false"
	case cell == "the CPUs":
		return value == strconv.Itoa(runtime.NumCPU())
	case len(cell) < 2 || cell[0] != '`' || cell[len(cell)-1] != '`':
		return false
	}
	cell = cell[1 : len(cell)-1]
	if cell == value {
		return true
	}
	if a, err := strconv.ParseFloat(cell, 64); err == nil {
		b, err := strconv.ParseFloat(value, 64)
		return err == nil && a == b
	}
	if a, err := time.ParseDuration(cell); err == nil {
		b, err := time.ParseDuration(value)
		return err == nil && a == b
	}
	return false
}

// checkManual reports every way in which the README at path and the
// commands' -h disagree: a flag missing from the README, a flag the
// README lists that the command does not have, or another default.
func checkManual(t *testing.T, path string) []string {
	t.Helper()
	manual := readManual(t, path)
	var problems []string
	for _, cmd := range manualCommands {
		defined := definedFlags(t, cmd)
		if len(defined) == 0 {
			t.Fatalf("%s defines no flags", cmd)
		}
		listed := make(map[string]bool)
		for _, r := range manual[cmd] {
			listed[r.flag] = true
			f, ok := defined[r.flag]
			switch {
			case !ok:
				problems = append(problems, path+":"+strconv.Itoa(r.line)+": "+cmd+" -"+r.flag+": no such flag")
			case !sameDefault(r.def, f.DefValue):
				problems = append(problems, path+":"+strconv.Itoa(r.line)+": "+cmd+" -"+r.flag+": default "+r.def+", -h says "+strconv.Quote(f.DefValue))
			}
		}
		for name := range defined {
			if !listed[name] {
				problems = append(problems, path+": "+cmd+" -"+name+": not in the README's tables")
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// TestManualMatchesHelp fails when the README's flag tables and the
// commands' -h disagree.
func TestManualMatchesHelp(t *testing.T) {
	for _, p := range checkManual(t, "README.md") {
		t.Error(p)
	}
}

// TestManualCheckFindsDrift breaks a copy of the README in each of the
// three ways and checks that the comparison reports each.
func TestManualCheckFindsDrift(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"missing", "| `-window` |", "| `-no-window` |", "train -window: not in the README's tables"},
		{"unknown", "| `-window` |", "| `-no-window` |", "train -no-window: no such flag"},
		{"default", "| `-negative` | `5` |", "| `-negative` | `6` |", "train -negative: default `6`"},
	} {
		if !strings.Contains(string(text), tc.old) {
			t.Fatalf("%s: the README has no %q", tc.name, tc.old)
		}
		broken := filepath.Join(t.TempDir(), "README.md")
		if err := os.WriteFile(broken, []byte(strings.Replace(string(text), tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		problems := checkManual(t, broken)
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("%s: got %q, want a line with %q", tc.name, problems, tc.want)
		}
	}
}

// TestHelpIsALine checks that every flag of every command has one line of
// help, its default included, of at most 200 characters.
func TestHelpIsALine(t *testing.T) {
	const limit = 200
	for _, args := range helpCommands {
		out, _, err := runCmd(append(slices.Clone(args), "-h")...)
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			t.Fatalf("%v -h: %v", args, err)
		}
		_, flags, ok := strings.Cut(out, "\nFlags:\n")
		if !ok {
			t.Errorf("%v -h: no flags listed", args)
			continue
		}
		flags = strings.TrimRight(flags, "\n")
		if flags == "" {
			continue // no flags
		}
		name, lines := "", 0
		check := func() {
			if name != "" && lines != 1 {
				t.Errorf("%v %s: %d lines of help, want 1", args, name, lines)
			}
		}
		for _, line := range strings.Split(flags, "\n") {
			if help, ok := strings.CutPrefix(line, "    \t"); ok {
				lines++
				if n := len([]rune(help)); n > limit {
					t.Errorf("%v %s: help of %d characters, want at most %d: %s", args, name, n, limit, help)
				}
				continue
			}
			check()
			name, lines = strings.Fields(line)[0], 0
		}
		check()
	}
}
