package report_test

import (
	"bytes"
	"context"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/podlife/podlife/pkg/report"
)

// chromium finds the headless browser: $PODLIFE_CHROMIUM, else Debian's
// chromium on the PATH. PODLIFE_CHROMIUM=none says there is none (the
// Makefile sets it so when its $(CHROMIUM) is missing).
func chromium() (string, bool) {
	switch p := os.Getenv("PODLIFE_CHROMIUM"); p {
	case "none":
		return "", false
	case "":
	default:
		return p, true
	}
	p, err := exec.LookPath("chromium")
	return p, err == nil
}

// TestIndexInChromium renders the page of the whole catalogue plus a
// failing scenario (and stand-ins of a cluster's results, below) in
// headless Chromium and reads the DOM the browser built (not the file):
// one row per scenario, and the failed scenario's chart carries the
// failure mark, its failed expectation drawn in red with its text; the
// failures list first links to it, and its check list shows the failed
// expectation. Every chart has a STATUS lane per pod whose segments are
// the pod's STATUS values with their times (or that says the results
// carry none); every timeline table lists its rows with the events they
// matched; no chart has a tick below 0 unless its scenario has events
// before t=0; and no two texts of a chart overlap, as the browser
// measured them. The browser runs offline: no network, no profile.
func TestIndexInChromium(t *testing.T) {
	bin, ok := chromium()
	if !ok {
		t.Skip("chromium is not installed: the page was not rendered in a browser. " +
			"`make test-browser` installs Debian's chromium package and runs this test (or set PODLIFE_CHROMIUM to a Chromium binary)")
	}
	results := runFeatures(t, "../../features", "testdata/false.feature")
	results = append(results, liveStandIns(t, results)...)
	dir := t.TempDir()
	if err := report.Write(filepath.Join(dir, "sim"), results); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "sim", "index.html")
	// The page has no script; the test adds one that measures every
	// text of every chart as the browser laid it out.
	raw, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, bytes.Replace(raw, []byte("</body>"), []byte("<script>"+measureTexts+"</script></body>"), 1), 0o644); err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--dump-dom", (&url.URL{Scheme: "file", Path: page}).String())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, stderr.String())
	}
	doc, err := html.Parse(&stdout)
	if err != nil {
		t.Fatal(err)
	}

	rows := map[string]int{}
	for _, n := range find(doc, func(n *html.Node) bool { return n.Data == "tr" && hasClass(n, "scenario-row") }) {
		rows[attr(n, "data-id")]++
	}
	var failedID string
	for _, r := range results {
		if rows[r.ID()] != 1 {
			t.Errorf("the page has %d rows for %s, want 1", rows[r.ID()], r.ID())
		}
		if r.Status == report.Failed {
			failedID = r.ID()
		}
	}
	ids := map[string]bool{}
	for _, r := range results {
		ids[r.ID()] = true
	}
	if len(rows) != len(ids) {
		t.Errorf("%d scenario rows for %d scenarios", len(rows), len(ids))
	}
	if failedID == "" {
		t.Fatal("testdata/false.feature did not fail: the test needs a failed scenario")
	}

	sections := find(doc, func(n *html.Node) bool { return n.Data == "section" && attr(n, "data-id") == failedID })
	if len(sections) != 1 {
		t.Fatalf("%d sections for the failed scenario %s", len(sections), failedID)
	}
	charts := find(sections[0], func(n *html.Node) bool { return n.Data == "svg" && hasClass(n, "chart") })
	if len(charts) != 1 || !hasClass(charts[0], "chart-failed") {
		t.Fatalf("the failed scenario has %d charts, or its chart is not marked failed", len(charts))
	}
	marks := find(charts[0], func(n *html.Node) bool { return n.Data == "g" && hasClass(n, "check") && hasClass(n, "failed") })
	labels := find(charts[0], func(n *html.Node) bool { return n.Data == "text" && hasClass(n, "check-label") })
	if len(marks) != 1 || len(labels) != 1 || !strings.Contains(text(labels[0]), "SIGKILL expected at 4s, observed 5s") {
		t.Errorf("the failed chart has %d failure marks and labels %q; want one, saying SIGKILL expected at 4s, observed 5s", len(marks), texts(labels))
	}
	// The failures come first, linked to the failed run, whose check
	// list shows the failed expectation.
	links := find(doc, func(n *html.Node) bool {
		return n.Data == "a" && n.Parent != nil && n.Parent.Parent != nil && n.Parent.Parent.Parent != nil &&
			attr(n.Parent.Parent.Parent, "id") == "failures"
	})
	if len(links) != 1 {
		t.Fatalf("the failures list has %d links, want 1", len(links))
	}
	target := find(doc, func(n *html.Node) bool { return "#"+attr(n, "id") == attr(links[0], "href") })
	if len(target) != 1 || attr(target[0], "data-driver") != "sim" {
		t.Fatalf("the failure's link %s leads to %d elements", attr(links[0], "href"), len(target))
	}
	failedSteps := find(target[0], func(n *html.Node) bool { return n.Data == "li" && hasClass(n, "expectation") && hasClass(n, "failed") })
	if len(failedSteps) != 1 || !strings.Contains(text(failedSteps[0]), `SIGKILL of container "app" expected at 4s, observed 5s`) {
		t.Errorf("the failed run's check list has %d failed expectations %q", len(failedSteps), texts(failedSteps))
	}
	checkStatusLanes(t, doc, results)
	checkTableRows(t, doc, results)
	checkTicks(t, doc, results)
	checkOverlaps(t, doc)
	// A passing scenario's chart carries none.
	for _, sec := range find(doc, func(n *html.Node) bool { return n.Data == "section" && attr(n, "data-id") != failedID }) {
		if n := find(sec, func(n *html.Node) bool { return hasClass(n, "check") && hasClass(n, "failed") }); len(n) > 0 {
			t.Errorf("%s passed but its chart has a failure mark", attr(sec, "data-id"))
		}
	}
}

func find(n *html.Node, pred func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && pred(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(attr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func texts(ns []*html.Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, text(n))
	}
	return out
}
