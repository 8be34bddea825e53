package report

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chromiumPath is where Debian's chromium package installs the browser.
const chromiumPath = "/usr/bin/chromium"

// runChromium runs headless Chromium, isolated (its own profile, no
// network: every host name fails to resolve) and logging to stderr, with
// args after the common flags; it returns stdout and stderr.
func runChromium(t *testing.T, args ...string) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	flags := []string{
		"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--host-resolver-rules=MAP * ~NOTFOUND",
		"--enable-logging=stderr", "--v=0",
		"--user-data-dir=" + t.TempDir(),
	}
	cmd := exec.CommandContext(ctx, chromiumPath, append(flags, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

// probe is appended to the page under test: it checks that every chart
// drew (a non-empty bounding box, its texts laid out), that the page
// loaded nothing from outside, and that no script error happened, and
// says so in the document's title, which --dump-dom prints.
const probe = `<script>
window.addEventListener("load", function () {
  var bad = [];
  var svgs = document.querySelectorAll("svg");
  svgs.forEach(function (s, i) {
    var b = s.getBBox();
    if (!(b.width > 0 && b.height > 0)) bad.push("svg " + i + " is empty");
    var texts = s.querySelectorAll("text");
    if (texts.length === 0) bad.push("svg " + i + " has no text");
    texts.forEach(function (x) { if (!(x.getComputedTextLength() > 0) && x.textContent !== "") bad.push("svg " + i + " text not laid out: " + x.textContent); });
  });
  var loads = performance.getEntriesByType("resource").map(function (e) { return e.name; });
  if (loads.length) bad.push("loaded " + loads.join(" "));
  document.title = bad.length ? "probe failed: " + bad.join("; ") : "probe ok: " + svgs.length + " charts";
});
</script>
`

// consoleLine matches what Chromium logs for the page's console messages
// and uncaught errors.
var consoleLine = regexp.MustCompile(`(?m)^.*(CONSOLE|Uncaught).*$`)

// TestChromiumDrawsThePage renders the sample page in headless Chromium
// (Debian's chromium package; .ci/run installs it) and checks that every
// chart draws, nothing is fetched and the console stays quiet.
func TestChromiumDrawsThePage(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("skipping the browser test: %s is missing (Debian: apt-get install -y chromium; .ci/run installs it)", chromiumPath)
	}
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, samplePage()))
	page := strings.Replace(buf.String(), "</body>", probe+"</body>", 1)
	path := filepath.Join(t.TempDir(), "page.html")
	require.NoError(t, os.WriteFile(path, []byte(page), 0o644))

	dom, stderr, err := runChromium(t, "--dump-dom", "file://"+path)
	require.NoError(t, err, "chromium failed:\n%s", stderr)
	charts := strings.Count(buf.String(), "<svg")
	require.Equal(t, 4, charts, "the sample page has four charts")
	title := regexp.MustCompile(`<title>([^<]*)</title>`).FindStringSubmatch(dom)
	require.NotNil(t, title, "no title in the dumped DOM:\n%.2000s", dom)
	assert.Equal(t, "probe ok: 4 charts", title[1])
	assert.Empty(t, consoleLine.FindAllString(stderr, -1), "console messages")
}

// The probe can fail: a page whose chart is empty, that loads an image
// from outside and that throws is caught by it and by the console check.
func TestChromiumProbeCatchesBrokenPages(t *testing.T) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Skipf("skipping the browser test: %s is missing (Debian: apt-get install -y chromium; .ci/run installs it)", chromiumPath)
	}
	page := `<!DOCTYPE html><html><head><title>x</title></head><body>
<svg width="10" height="10"></svg>
<img src="https://example.invalid/x.png" alt="">
<script>undefinedFunction();</script>` + probe + `</body></html>`
	path := filepath.Join(t.TempDir(), "broken.html")
	require.NoError(t, os.WriteFile(path, []byte(page), 0o644))
	dom, stderr, err := runChromium(t, "--dump-dom", "file://"+path)
	require.NoError(t, err, "chromium failed:\n%s", stderr)
	assert.Contains(t, dom, "probe failed: svg 0 is empty; svg 0 has no text; loaded https://example.invalid/x.png")
	assert.NotEmpty(t, consoleLine.FindAllString(stderr, -1), "the thrown error must reach the console log")
}
