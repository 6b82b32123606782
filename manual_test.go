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

// docs/flags.md is the flags' manual: under the heading of each command
// ("## train", "## graph split") it lists the command's flags in a table
// whose rows start with the flag and its default, | `-flag` | default |
// meaning |. These tests keep the manual and -h from drifting apart.

// flagsPage is the page that lists every flag of every command.
const flagsPage = "docs/flags.md"

// helpCommands are every command line that has flags of its own.
var helpCommands = [][]string{
	{"train"}, {"skipgram"}, {"cbow"}, {"eval"}, {"nearest"}, {"print-word-vectors"}, {"nn"}, {"analogies"},
	{"demo"}, {"phrases"}, {"encode"}, {"bench"}, {"experiment"},
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

// manualRow is a flag as a table row of the flags page lists it.
type manualRow struct {
	flag, def string
	line      int
}

// readManual returns the flag rows of the page's tables, by the command
// line whose section ("## COMMAND", "## COMMAND SUB", or "## COMMAND,
// COMMAND" for commands of the same flags) they are in.
func readManual(t *testing.T, path string) map[string][]manualRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	heading := regexp.MustCompile("^## ([a-z]+(?: [a-z]+)?(?:, [a-z]+)*)$") // "## skipgram, cbow": one table of both
	row := regexp.MustCompile("^\\| `-([a-zA-Z0-9-]+)` \\| ([^|]*) \\|")
	rows := make(map[string][]manualRow)
	var sections []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			sections = nil
			if m := heading.FindStringSubmatch(line); m != nil {
				sections = strings.Split(m[1], ", ")
			}
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil {
			for _, section := range sections {
				rows[section] = append(rows[section], manualRow{flag: m[1], def: strings.TrimSpace(m[2]), line: n})
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// sameDefault reports whether the page's default cell says what -h's
// default value is: `X` for the value X (numbers and durations compared
// as such), — for none (an empty string, 0 or false), "the CPUs" for the
// number of CPUs, "the corpus found" for a corpus looked for where the
// command runs (which differs from machine to machine).
func sameDefault(cell, value string) bool {
	switch {
	case cell == "the corpus found":
		return true
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

// checkManual reports every way in which the page at path and the
// commands' -h disagree: a flag missing from the page, a flag the page
// lists that the command does not have, or another default.
func checkManual(t *testing.T, path string) []string {
	t.Helper()
	manual := readManual(t, path)
	var problems []string
	for _, args := range helpCommands {
		cmd := strings.Join(args, " ")
		defined := definedFlags(t, args...)
		if len(defined) == 0 {
			continue // version
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
				problems = append(problems, path+": "+cmd+" -"+name+": not in the page's tables")
			}
		}
	}
	slices.Sort(problems)
	return problems
}

// TestManualMatchesHelp fails when the flags page's tables and the
// commands' -h disagree.
func TestManualMatchesHelp(t *testing.T) {
	for _, p := range checkManual(t, flagsPage) {
		t.Error(p)
	}
}

// TestManualCheckFindsDrift breaks a copy of the flags page in each of the
// three ways and checks that the comparison reports each.
func TestManualCheckFindsDrift(t *testing.T) {
	text, err := os.ReadFile(flagsPage)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"missing", "| `-window` |", "| `-no-window` |", "train -window: not in the page's tables"},
		{"unknown", "| `-window` |", "| `-no-window` |", "train -no-window: no such flag"},
		{"default", "| `-negative` | `5` |", "| `-negative` | `6` |", "train -negative: default `6`"},
	} {
		if !strings.Contains(string(text), tc.old) {
			t.Fatalf("%s: %s has no %q", tc.name, flagsPage, tc.old)
		}
		broken := filepath.Join(t.TempDir(), "flags.md")
		if err := os.WriteFile(broken, []byte(strings.Replace(string(text), tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		problems := checkManual(t, broken)
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("%s: got %q, want a line with %q", tc.name, problems, tc.want)
		}
	}
}

// TestHelpCommandsComplete checks that helpCommands, the command lines
// whose help the tests read, has every command the help lists.
func TestHelpCommandsComplete(t *testing.T) {
	for _, c := range commands() {
		if !slices.ContainsFunc(helpCommands, func(args []string) bool { return args[0] == c.name }) {
			t.Errorf("command %s is not in helpCommands", c.name)
		}
	}
}

// TestHelpIsALine checks that every flag of every command has one line of
// help of at most 200 characters, and that a flag whose default is not
// the zero value shows it there.
func TestHelpIsALine(t *testing.T) {
	const limit = 200
	for _, args := range helpCommands {
		defined := definedFlags(t, args...)
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
				if f := defined[strings.TrimPrefix(name, "-")]; f != nil && !sameDefault("—", f.DefValue) && !strings.Contains(help, "default") {
					t.Errorf("%v %s: the help does not show the default %q: %s", args, name, f.DefValue, help)
				}
				continue
			}
			check()
			name, lines = strings.Fields(line)[0], 0
		}
		check()
	}
}
