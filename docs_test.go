package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// The pages (README.md and docs/*.md) are checked against the code here,
// beside manual_test.go, which holds docs/flags.md to the commands' -h:
//
//   - every flag a page names in code (`-name`, `-name value`) is a flag of
//     a wipsvec command, or one of otherFlags;
//   - a default a page states, in a table whose header is "| flag | default
//     |" or in the words "`-name` (default `X`)", is what that flag's -h
//     says for some command;
//   - every wipsvec command line of a fenced shell block parses: it runs in
//     process with -h put where its flags end, and must stop at the help;
//   - every link to a page or a heading of one leads there;
//   - the pages keep their shape: README.md at most 200 lines, a page at
//     most 300, at most 25 lines with a date and 3 that speak of what was
//     tried outside docs/decisions.md, which holds what was tried.

// docPages are the pages the checks read.
func docPages(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob("docs/*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("docs/*.md: %v, %v", pages, err)
	}
	return append([]string{"README.md"}, pages...)
}

// otherFlags are flags the pages name that are another program's: fastText's
// flags that skipgram and cbow refuse, go's, and launchers'.
var otherFlags = map[string]string{
	"wordNgrams": "fastText", "label": "fastText", "minCountLabel": "fastText",
	"pretrainedVectors": "fastText", "saveOutput": "fastText", "cutoff": "fastText",
	"autotune-validation": "fastText", "autotune-duration": "fastText",
	"tags": "go build", "bench": "go test", "run": "go test", "race": "go test", "short": "go test", "count": "go test",
	"np": "mpirun", "h": "every command's help", "autotune": "fastText's -autotune-*",
}

// commandFlags are the flags of every command, by name: each command line
// (helpCommands) that defines the name, and the flag.
type commandFlags map[string][]struct {
	cmd string
	f   *flag.Flag
}

func allFlags(t *testing.T) commandFlags {
	t.Helper()
	all := make(commandFlags)
	for _, args := range helpCommands {
		for name, f := range definedFlags(t, args...) {
			all[name] = append(all[name], struct {
				cmd string
				f   *flag.Flag
			}{strings.Join(args, " "), f})
		}
	}
	return all
}

// docLine is a line of a page.
type docLine struct {
	page string
	n    int
	text string
}

func (l docLine) String() string { return fmt.Sprintf("%s:%d", l.page, l.n) }

// readPage returns the page's lines, each marked as in a fenced block of
// shell (fence "```sh", "```bash", "```console" or a bare "```") or not.
func readPage(t *testing.T, path string) (prose, shell []docLine) {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fenced, isShell := false, false
	for i, line := range strings.Split(string(text), "\n") {
		if lang, ok := strings.CutPrefix(strings.TrimSpace(line), "```"); ok {
			fenced = !fenced
			isShell = fenced && (lang == "" || lang == "sh" || lang == "bash" || lang == "shell" || lang == "console")
			continue
		}
		l := docLine{path, i + 1, line}
		switch {
		case !fenced:
			prose = append(prose, l)
		case isShell:
			shell = append(shell, l)
		}
	}
	return prose, shell
}

var (
	codeFlag     = regexp.MustCompile("`(-[a-zA-Z](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)[^`]*`")
	proseDefault = regexp.MustCompile("`-([a-zA-Z][a-zA-Z0-9-]*)`,? \\(?default `([^`]*)`")
	tableRow     = regexp.MustCompile("^\\| ((?:`-[a-zA-Z][a-zA-Z0-9-]*`(?:, )?)+) \\| ([^|]*) \\|")
	tableFlag    = regexp.MustCompile("`-([a-zA-Z][a-zA-Z0-9-]*)`")
	leadingCode  = regexp.MustCompile("^(`[^`]*`|the CPUs|the corpus found|—)")
)

// sectionCommands returns the commands a heading names: "## train, on
// text" names train, "## skipgram, cbow" both, "## graph split" that one;
// nil when its first words are not a command's.
func sectionCommands(heading string) []string {
	var cmds []string
	text := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(strings.TrimLeft(heading, "#")), "`", ""))
	for i, part := range strings.Split(text, ", ") {
		named := ""
		for _, args := range helpCommands {
			c := strings.Join(args, " ")
			if (part == c || strings.HasPrefix(part, c+" ")) && len(c) > len(named) {
				named = c
			}
		}
		if named == "" {
			if i == 0 {
				return nil
			}
			break
		}
		cmds = append(cmds, named)
	}
	return cmds
}

// checkProse reports the flags the prose lines name that no command has,
// and the defaults they state that the flag's -h does not show: that of the
// commands their section names, else of any command that has the flag.
func checkProse(lines []docLine, all commandFlags) []string {
	var problems []string
	var section []string // the commands the current section names
	hasDefault := func(name, def string) bool {
		cmds := all[name]
		if ofSection := slices.DeleteFunc(slices.Clone(cmds), func(c struct {
			cmd string
			f   *flag.Flag
		}) bool {
			return !slices.Contains(section, c.cmd)
		}); len(ofSection) > 0 {
			cmds = ofSection
		}
		return slices.ContainsFunc(cmds, func(c struct {
			cmd string
			f   *flag.Flag
		}) bool {
			return sameDefault(def, c.f.DefValue)
		})
	}
	inTable := false
	for _, l := range lines {
		if strings.HasPrefix(l.text, "#") {
			level := len(l.text) - len(strings.TrimLeft(l.text, "#"))
			if cmds := sectionCommands(l.text); cmds != nil || level <= 2 {
				section = cmds
			}
			continue
		}
		if strings.HasPrefix(l.text, "| flag | default |") {
			inTable = true
			continue
		}
		if !strings.HasPrefix(l.text, "|") {
			inTable = false
		}
		for _, m := range codeFlag.FindAllStringSubmatch(l.text, -1) {
			name := strings.TrimLeft(m[1], "-")
			if _, ok := all[name]; !ok && otherFlags[name] == "" {
				problems = append(problems, fmt.Sprintf("%v: %s: no command has this flag", l, m[1]))
			}
		}
		for _, m := range proseDefault.FindAllStringSubmatch(l.text, -1) {
			if _, ok := all[m[1]]; ok && !hasDefault(m[1], "`"+m[2]+"`") {
				problems = append(problems, fmt.Sprintf("%v: -%s: default `%s`, which -h does not say", l, m[1], m[2]))
			}
		}
		if !inTable {
			continue
		}
		if m := tableRow.FindStringSubmatch(l.text); m != nil {
			def := leadingCode.FindString(strings.TrimSpace(m[2]))
			for _, f := range tableFlag.FindAllStringSubmatch(m[1], -1) {
				if _, ok := all[f[1]]; ok && (def == "" || !hasDefault(f[1], def)) {
					problems = append(problems, fmt.Sprintf("%v: -%s: default %q, which -h does not say", l, f[1], strings.TrimSpace(m[2])))
				}
			}
		}
	}
	return problems
}

// shellWords splits a line of shell into words, with its quotes removed, a
// comment dropped and the operators |, ||, &&, ; and & as words of their own.
func shellWords(line string) []string {
	var words []string
	var b strings.Builder
	word, quote := false, byte(0)
	flush := func() {
		if word {
			words = append(words, b.String())
		}
		b.Reset()
		word = false
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '\'' || c == '"':
			quote, word = c, true
		case c == '#' && !word:
			flush()
			return words
		case c == ' ' || c == '\t':
			flush()
		case c == '|' || c == '&' || c == ';':
			flush()
			op := string(c)
			if i+1 < len(line) && (line[i+1] == '|' || line[i+1] == '&') && c != ';' {
				op += string(line[i+1])
				i++
			}
			words = append(words, op)
		default:
			b.WriteByte(c)
			word = true
		}
	}
	flush()
	return words
}

// launchers run the command they are given: a wipsvec command line may
// follow them, after their own flags.
var launchers = map[string]bool{"time": true, "/usr/bin/time": true, "unshare": true, "mpirun": true, "mpiexec": true, "srun": true, "nohup": true, "env": true}

// wipsvecCommands returns the wipsvec command lines of a fenced block's
// lines (a line ending in \ goes on in the next), each the arguments after
// the program: "wipsvec ...", "./wipsvec ...", "go run . ...", after
// variables set and a launcher.
func wipsvecCommands(lines []docLine) (cmds []docLine, args [][]string) {
	isProgram := func(w string) bool { return w == "wipsvec" || strings.HasSuffix(w, "/wipsvec") }
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		text := l.text
		for strings.HasSuffix(strings.TrimSpace(text), "\\") && i+1 < len(lines) {
			i++
			text = strings.TrimSuffix(strings.TrimSpace(text), "\\") + " " + lines[i].text
		}
		words := shellWords(text)
		for len(words) > 0 {
			end := slices.IndexFunc(words, func(w string) bool { return w == "|" || w == "||" || w == "&&" || w == ";" || w == "&" })
			segment := words
			if end >= 0 {
				segment, words = words[:end], words[end+1:]
			} else {
				words = nil
			}
			for len(segment) > 0 && strings.Contains(segment[0], "=") && !strings.HasPrefix(segment[0], "-") {
				segment = segment[1:] // NAME=value
			}
			switch {
			case len(segment) == 0:
			case launchers[segment[0]]:
				if j := slices.IndexFunc(segment, isProgram); j > 0 {
					cmds, args = append(cmds, l), append(args, segment[j+1:])
				}
			case isProgram(segment[0]):
				cmds, args = append(cmds, l), append(args, segment[1:])
			case len(segment) >= 3 && segment[0] == "go" && segment[1] == "run" && segment[2] == ".":
				cmds, args = append(cmds, l), append(args, segment[3:])
			}
		}
	}
	return cmds, args
}

// withHelp returns the command line args with -h where its flags end (before
// its first argument that is not a flag or a flag's value), as the flag
// package reads them; sub is how many words name the command.
func withHelp(args []string, sub int, defined map[string]*flag.Flag) []string {
	i := sub
	for i < len(args) {
		a := args[i]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			break
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		i++
		if f := defined[name]; f != nil && !hasValue {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++ // the flag's value
			}
		}
	}
	i = min(i, len(args))
	return slices.Concat(args[:i], []string{"-h"}, args[i:])
}

// checkCommands reports each wipsvec command line of the shell lines that
// does not parse.
func checkCommands(t *testing.T, lines []docLine) []string {
	t.Helper()
	var problems []string
	cmds, args := wipsvecCommands(lines)
	for k, a := range args {
		if len(a) == 0 {
			continue // "wipsvec" alone prints the commands
		}
		sub := 1
		if (a[0] == "graph" || a[0] == "corpus") && len(a) > 1 {
			sub = 2
		}
		if a[0] == "help" {
			sub = len(a)
		}
		defined := definedFlags(t, a[:sub]...)
		stdout, stderr, err := runCmd(withHelp(a, sub, defined)...)
		if err != nil && !errors.Is(err, flag.ErrHelp) {
			problems = append(problems, fmt.Sprintf("%v: wipsvec %s: %v", cmds[k], strings.Join(a, " "), err))
		} else if a[0] != "help" && !strings.Contains(stdout+stderr, "usage: wipsvec "+strings.Join(a[:sub], " ")) {
			problems = append(problems, fmt.Sprintf("%v: wipsvec %s: no help printed", cmds[k], strings.Join(a, " ")))
		}
	}
	return problems
}

// TestDocFlagsExist fails when a page names a flag no command has, or
// states a default that the flag's -h does not show.
func TestDocFlagsExist(t *testing.T) {
	all := allFlags(t)
	for _, page := range docPages(t) {
		prose, _ := readPage(t, page)
		for _, p := range checkProse(prose, all) {
			t.Error(p)
		}
	}
}

// TestDocCommandsParse fails when a wipsvec command line of a page's fenced
// shell blocks does not parse.
func TestDocCommandsParse(t *testing.T) {
	n := 0
	for _, page := range docPages(t) {
		_, shell := readPage(t, page)
		cmds, _ := wipsvecCommands(shell)
		n += len(cmds)
		for _, p := range checkCommands(t, shell) {
			t.Error(p)
		}
	}
	if n < 20 {
		t.Errorf("%d wipsvec command lines found in the pages' fenced blocks: the reader misses them", n)
	}
}

var (
	datePattern  = regexp.MustCompile(`\b20\d\d-[01]\d-[0-3]\d\b`)
	triedPattern = regexp.MustCompile(`(?i)\btried\b`)
)

// TestDocShape fails when README.md passes 200 lines or another page 300,
// or when more than 25 lines carry a date or more than 3 speak of what was
// tried outside docs/decisions.md (the one page for what was tried and not
// kept; a measurement says its date once, in the line that introduces it).
func TestDocShape(t *testing.T) {
	var dated, tried []string
	for _, page := range docPages(t) {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
		limit := 300
		if page == "README.md" {
			limit = 200
		}
		if len(lines) > limit {
			t.Errorf("%s: %d lines, more than %d", page, len(lines), limit)
		}
		if page == "docs/decisions.md" {
			continue
		}
		for i, l := range lines {
			if datePattern.MatchString(l) {
				dated = append(dated, fmt.Sprintf("%s:%d", page, i+1))
			}
			if triedPattern.MatchString(l) {
				tried = append(tried, fmt.Sprintf("%s:%d", page, i+1))
			}
		}
	}
	if len(dated) > 25 {
		t.Errorf("%d lines carry a date outside docs/decisions.md, more than 25: %s", len(dated), strings.Join(dated, " "))
	}
	if len(tried) > 3 {
		t.Errorf("%d lines speak of what was tried outside docs/decisions.md, more than 3: %s", len(tried), strings.Join(tried, " "))
	}
}

// TestDocCheckFindsDrift gives the checks a page that names a flag no
// command has, states a wrong default in words and in a table (one that is
// another command's than its section's), and has command lines that do not
// parse, and checks that each is reported.
func TestDocCheckFindsDrift(t *testing.T) {
	page := filepath.Join(t.TempDir(), "drift.md")
	text := strings.Join([]string{
		"Train with `-no-such-flag 3`; `-negative` (default `6`) noise words.",
		"",
		"| flag | default | why |",
		"|---|---|---|",
		"| `-window` | `7` | a window |",
		"",
		"```sh",
		"wipsvec train -train c.txt -output v.bin -size abc",
		"echo king | wipsvec nn -k 3 model.bin",
		"wipsvec train -train c.txt \\",
		"    -window 5 -not-a-flag",
		"```",
		"",
		"## bench",
		"",
		"| flag | default |",
		"|---|---|",
		"| `-iter` | `5` |",
	}, "\n")
	if err := os.WriteFile(page, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	prose, shell := readPage(t, page)
	problems := append(checkProse(prose, allFlags(t)), checkCommands(t, shell)...)
	for _, want := range []string{
		"drift.md:1: -no-such-flag: no command has this flag",
		"drift.md:1: -negative: default `6`",
		"drift.md:5: -window: default \"`7`\"",
		"drift.md:8: wipsvec train -train c.txt -output v.bin -size abc: train: invalid value \"abc\" for flag -size",
		"drift.md:9: wipsvec nn -k 3 model.bin: nn: flag provided but not defined: -k",
		"drift.md:10: wipsvec train -train c.txt -window 5 -not-a-flag",
		"drift.md:18: -iter: default \"`5`\"", // train's, not bench's
	} {
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, want) }) {
			t.Errorf("no problem reported like %q; got:\n%s", want, strings.Join(problems, "\n"))
		}
	}
}

// slug is the anchor GitHub gives a heading: lower case, spaces as hyphens,
// every other character but letters, digits, hyphens and underscores
// dropped.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocLinks fails when a page links to a file that is not there, or to a
// heading its page does not have.
func TestDocLinks(t *testing.T) {
	anchors := make(map[string]map[string]bool)
	headings := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		a := make(map[string]bool)
		if text, err := os.ReadFile(path); err == nil {
			fenced := false
			for _, line := range strings.Split(string(text), "\n") {
				if strings.HasPrefix(strings.TrimSpace(line), "```") {
					fenced = !fenced
				}
				if h, ok := strings.CutPrefix(line, "#"); ok && !fenced {
					a[slug(strings.TrimSpace(strings.TrimLeft(h, "#")))] = true
				}
			}
		}
		anchors[path] = a
		return a
	}
	for _, page := range docPages(t) {
		prose, _ := readPage(t, page)
		for _, l := range prose {
			for _, m := range mdLink.FindAllStringSubmatch(l.text, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				path := page
				if file != "" {
					path = filepath.Join(filepath.Dir(page), file)
					if _, err := os.Stat(path); err != nil {
						t.Errorf("%v: link to %s: no such file", l, target)
						continue
					}
				}
				if anchor != "" && strings.HasSuffix(path, ".md") && !headings(path)[anchor] {
					t.Errorf("%v: link to %s: %s has no such heading", l, target, path)
				}
			}
		}
	}
}
