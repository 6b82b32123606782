package wordnet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata holds a hand-made taxonomy in WordNet's format (ten synsets):
//
//	entity ── animal ── mammal ── dog.n.01 ── puppy
//	   │         │        ├── cat
//	   │         │        └── dog.n.02
//	   │         └── bird
//	   └── pet
//
// and fido, an instance (@i) of dog.n.01 that is also a pet (@). Ancestors:
// entity 0, animal 1, mammal 2, dog.n.01 3, puppy 4, cat 3, dog.n.02 3,
// bird 2, pet 1, fido 5 (dog.n.01, mammal, animal, entity, pet): 24 edges.
// Under mammal: mammal, dog.n.01, puppy, cat, dog.n.02 and fido, with the
// 7 edges among them.
func readFixture(t *testing.T) *Nouns {
	t.Helper()
	data, err := os.Open(filepath.Join("testdata", "data.noun"))
	if err != nil {
		t.Fatal(err)
	}
	defer data.Close()
	n, err := ReadData(data)
	if err != nil {
		t.Fatal(err)
	}
	idx, err := os.Open(filepath.Join("testdata", "index.noun"))
	if err != nil {
		t.Fatal(err)
	}
	defer idx.Close()
	if unnamed, err := n.ReadIndex(idx); err != nil || unnamed != 0 {
		t.Fatalf("ReadIndex: %d unnamed, %v", unnamed, err)
	}
	return n
}

func TestFixtureNamesAndClosure(t *testing.T) {
	n := readFixture(t)
	if len(n.Synsets) != 10 {
		t.Fatalf("%d synsets, want 10", len(n.Synsets))
	}
	for _, name := range []string{"entity.n.01", "dog.n.01", "dog.n.02", "fido.n.01", "mammal.n.01"} {
		if n.Find(name) < 0 {
			t.Errorf("no synset %s", name)
		}
	}
	anc, err := n.Closure()
	if err != nil {
		t.Fatal(err)
	}
	all := n.Edges(anc, -1)
	if len(all) != 24 || Nodes(all) != 10 {
		t.Errorf("closure: %d edges on %d nodes, want 24 on 10", len(all), Nodes(all))
	}
	var b strings.Builder
	if err := n.WriteTSV(&b, n.Edges(anc, n.Find("mammal.n.01"))); err != nil {
		t.Fatal(err)
	}
	want := `cat.n.01	mammal.n.01
dog.n.01	mammal.n.01
dog.n.02	mammal.n.01
fido.n.01	dog.n.01
fido.n.01	mammal.n.01
puppy.n.01	dog.n.01
puppy.n.01	mammal.n.01
`
	if b.String() != want {
		t.Errorf("mammal subtree:\n%s\nwant\n%s", b.String(), want)
	}
}

func TestBadData(t *testing.T) {
	for in, want := range map[string]string{
		"":                                 "no synsets",
		"00000010 03 v 01 run 0 000 | x\n": "want n",
		"00000010 03 n 01\n":               "line too short",
		"00000010 03 n zz a 0 000 | x\n":   "word count",
		"00000010 03 n 01 a 0 001 @ 00000099 n 0000\n":         "not in the file",
		"00000010 03 n 01 a 0 002 @ 00000010 n 0000\n":         "line too short",
		"00000010 03 n 01 a 0 000\n00000010 03 n 01 b 0 000\n": "line 2: synset 00000010 defined twice",
	} {
		_, err := ReadData(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadData(%q) = %v, want error containing %q", in, err, want)
		}
	}
	cyc := "00000010 03 n 01 a 0 001 @ 00000020 n 0000\n00000020 03 n 01 b 0 001 @ 00000010 n 0000\n"
	n, err := ReadData(strings.NewReader(cyc))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := n.Closure(); err == nil || !strings.Contains(err.Error(), "cycle") {
		t.Errorf("cycle: %v", err)
	}
}

// TestWordNet30 checks the counts of the real noun closure (Nickel and
// Kiela's benchmark) where Debian's wordnet-base is installed.
func TestWordNet30(t *testing.T) {
	const dir = "/usr/share/wordnet"
	if _, err := os.Stat(filepath.Join(dir, "data.noun")); err != nil {
		t.Skip("WordNet 3.0 not installed (apt-get install wordnet-base)")
	}
	n, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	anc, err := n.Closure()
	if err != nil {
		t.Fatal(err)
	}
	all := n.Edges(anc, -1)
	if len(n.Synsets) != 82115 || len(all) != 743241 {
		t.Errorf("%d nouns, %d closure edges; want 82,115 and 743,241", len(n.Synsets), len(all))
	}
	m := n.Edges(anc, n.Find("mammal.n.01"))
	t.Logf("mammal closure: %d nodes, %d edges", Nodes(m), len(m))
}

// FuzzReadData checks that ReadData and ReadIndex never panic and that an
// accepted file gives hypernyms inside the file and a closure without self
// edges.
func FuzzReadData(f *testing.F) {
	data, _ := os.ReadFile(filepath.Join("testdata", "data.noun"))
	index, _ := os.ReadFile(filepath.Join("testdata", "index.noun"))
	f.Add(string(data), string(index))
	f.Add("00000010 03 n 01 a 0 001 @i 00000010 n 0000 | self\n", "a n 1 0 1 0 00000010\n")
	f.Fuzz(func(t *testing.T, data, index string) {
		n, err := ReadData(strings.NewReader(data))
		if err != nil {
			return
		}
		for _, s := range n.Synsets {
			for _, h := range s.Hypernyms {
				if h < 0 || int(h) >= len(n.Synsets) {
					t.Fatalf("hypernym %d of %d synsets", h, len(n.Synsets))
				}
			}
		}
		if _, err := n.ReadIndex(strings.NewReader(index)); err == nil {
			for _, s := range n.Synsets {
				if s.Name == "" {
					t.Fatal("synset without a name")
				}
			}
		}
		anc, err := n.Closure()
		if err != nil {
			return
		}
		for u, a := range anc {
			for _, x := range a {
				if int(x) == u {
					t.Fatalf("synset %d is its own ancestor", u)
				}
			}
		}
	})
}
