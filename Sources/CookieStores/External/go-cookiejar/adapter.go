// go-cookiejar: Go's net/http/cookiejar as a CookieHarness out-of-process adapter.
//
// Speaks the harness's JSON-lines protocol, version 1 (Sources/CookieStores/OutOfProcess/PROTOCOL.md): one
// request per line on stdin, one reply per line on stdout, logs on stderr. Standard library, plus
// golang.org/x/net/publicsuffix when it is there (Debian golang-golang-x-net-dev; see publicsuffix_*.go).
//
// The jar is driven exactly as net/http.Client drives it, without a network: a received Set-Cookie line becomes
// an http.Response whose Cookies() (readSetCookies) are handed to Jar.SetCookies(url, cookies); the Cookie header
// is what Request.AddCookie makes of Jar.Cookies(url), as Client.send does.
//
// The harness's virtual clock: Jar.SetCookies and Jar.Cookies call time.Now() and pass it to the unexported
// (*Jar).setCookies and (*Jar).cookies, which take `now` as an argument (net/http/cookiejar/jar.go). The adapter
// calls those two directly (go:linkname; linkname.s lets the bodyless declarations compile), with the request's
// `now`; everything else is the public API.
//
// Store inspection: the jar has no API that lists its cookies; `cookies` reads its entries (Jar.entries) with
// reflect, read-only. Persistence: the jar has none (no serialisation), so `restart` is skipped.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"reflect"
	"runtime"
	"runtime/debug"
	"time"
	"unsafe"
)

const (
	protocolVersion = 1
	adapterName     = "go-cookiejar"
)

//go:linkname jarSetCookies net/http/cookiejar.(*Jar).setCookies
func jarSetCookies(jar *cookiejar.Jar, u *url.URL, cookies []*http.Cookie, now time.Time)

//go:linkname jarCookies net/http/cookiejar.(*Jar).cookies
func jarCookies(jar *cookiejar.Jar, u *url.URL, now time.Time) []*http.Cookie

type request map[string]any

type protocolError struct{ message string }

func (e protocolError) Error() string { return e.message }

type unsupported struct{ reason string }

func (e unsupported) Error() string { return e.reason }

func (r request) str(name string) string {
	value, present := r[name]
	if !present {
		panic(protocolError{fmt.Sprintf("missing field '%s'", name)})
	}
	text, ok := value.(string)
	if !ok {
		panic(protocolError{fmt.Sprintf("field '%s' must be a string", name)})
	}
	return text
}

func (r request) url() *url.URL {
	parsed, err := url.Parse(r.str("url"))
	if err != nil {
		panic(err)
	}
	return parsed
}

// now is the request's virtual instant (seconds since the epoch, possibly with a fraction).
func (r request) now() time.Time {
	seconds, ok := r["now"].(float64)
	if !ok {
		panic(protocolError{"field 'now' must be a number"})
	}
	whole := int64(seconds)
	return time.Unix(whole, int64((seconds-float64(whole))*1e9)).UTC()
}

type adapter struct{ jar *cookiejar.Jar }

func newJar() *cookiejar.Jar {
	jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: publicSuffixList})
	if err != nil {
		panic(err)
	}
	return jar
}

func (a *adapter) start(r request) any {
	if version, _ := r["protocol"].(float64); version != protocolVersion {
		panic(protocolError{fmt.Sprintf("this adapter speaks protocol %d, the harness asked for %v", protocolVersion, r["protocol"])})
	}
	return map[string]any{
		"protocol":     protocolVersion,
		"name":         adapterName,
		"version":      fmt.Sprintf("%s net/http/cookiejar, public suffixes: %s", runtime.Version(), publicSuffixSource),
		"capabilities": []string{"virtual-clock", "store-inspection", "raw-set-cookie", "bench"},
		"language":     "go",
		"homepage":     "https://pkg.go.dev/net/http/cookiejar",
	}
}

// store hands a Set-Cookie line received from u to the jar, as Client.send does with a response.
func store(jar *cookiejar.Jar, u *url.URL, line string, now time.Time) {
	response := http.Response{Header: http.Header{"Set-Cookie": {line}}}
	if cookies := response.Cookies(); len(cookies) > 0 {
		jarSetCookies(jar, u, cookies, now)
	}
}

// header is the Cookie header Client.send puts on a request to u, or nil.
func header(jar *cookiejar.Jar, u *url.URL, now time.Time) any {
	outgoing := http.Request{Header: http.Header{}}
	for _, cookie := range jarCookies(jar, u, now) {
		outgoing.AddCookie(cookie)
	}
	if header := outgoing.Header.Get("Cookie"); header != "" {
		return header
	}
	return nil
}

func (a *adapter) setCookie(r request) any {
	store(a.jar, r.url(), r.str("set-cookie"), r.now())
	return map[string]any{}
}

func (a *adapter) cookieHeader(r request) any {
	return map[string]any{"header": header(a.jar, r.url(), r.now())}
}

// timed runs body once to warm up, then until seconds have passed; it notes the fastest round (PROTOCOL.md, "bench").
func timed(body func(), operations int, seconds float64) map[string]any {
	body()
	start, best := time.Now(), math.Inf(1)
	for rounds := 1; ; rounds++ {
		begin := time.Now()
		body()
		best = math.Min(best, time.Since(begin).Seconds())
		if elapsed := time.Since(start).Seconds(); elapsed >= seconds {
			return map[string]any{"operations": rounds * operations, "seconds": elapsed, "best": best}
		}
	}
}

// checksum is FNV-1a (64 bits) of every header's UTF-8 bytes, each followed by a newline (PROTOCOL.md, "bench").
func checksum(headers []any) string {
	hash := fnv.New64a()
	for _, h := range headers {
		text, _ := h.(string)
		hash.Write([]byte(text + "\n"))
	}
	return fmt.Sprintf("%016x", hash.Sum64())
}

// bench runs the standard workload, timed here (PROTOCOL.md, "bench"); the adapter's own jar is left alone.
func (a *adapter) bench(r request) any {
	data, err := os.ReadFile(r.str("workload"))
	if err != nil {
		panic(err)
	}
	var workload struct {
		Now       float64     `json:"now"`
		Responses [][2]string `json:"responses"`
		Requests  []string    `json:"requests"`
	}
	if err := json.Unmarshal(data, &workload); err != nil {
		panic(err)
	}
	seconds, ok := r["seconds"].(float64)
	if !ok {
		panic(protocolError{"field 'seconds' must be a number"})
	}
	now := request{"now": workload.Now}.now()
	parse := func(text string) *url.URL { return request{"url": text}.url() }
	requests := make([]*url.URL, len(workload.Requests))
	for i, text := range workload.Requests {
		requests[i] = parse(text)
	}
	responses := make([]*url.URL, len(workload.Responses))
	for i, response := range workload.Responses {
		responses[i] = parse(response[0])
	}
	fill := func() *cookiejar.Jar {
		jar := newJar()
		for i, response := range workload.Responses {
			store(jar, responses[i], response[1], now)
		}
		return jar
	}
	storing := timed(func() { fill() }, len(responses), seconds)
	jar := fill()
	headers := make([]any, len(requests))
	computing := timed(func() {
		for i, u := range requests {
			headers[i] = header(jar, u, now)
		}
	}, len(requests), seconds)
	stored := 0
	for sites := reflect.ValueOf(jar).Elem().FieldByName("entries").MapRange(); sites.Next(); {
		stored += sites.Value().Len()
	}
	return map[string]any{"set-cookie": storing, "cookie-header": computing, "stored": stored,
		"checksum": checksum(headers), "headers": headers}
}

// cookies lists Jar.entries (map[eTLD+1]map[id]entry) through reflect: the fields of an entry are exported
// names of an unexported type, read here without changing anything.
func (a *adapter) cookies(r request) any {
	field := reflect.ValueOf(a.jar).Elem().FieldByName("entries")
	entries := reflect.NewAt(field.Type(), unsafe.Pointer(field.UnsafeAddr())).Elem()
	list := []map[string]any{}
	for sites := entries.MapRange(); sites.Next(); {
		for ids := sites.Value().MapRange(); ids.Next(); {
			e := ids.Value()
			var expires any
			if e.FieldByName("Persistent").Bool() {
				expires = float64(e.FieldByName("Expires").Interface().(time.Time).UnixNano()) / 1e9
			}
			// newEntry records Strict and Lax; SameSite=None and an unknown value are not kept apart from none.
			sameSite := map[string]string{"SameSite=Strict": "strict", "SameSite=Lax": "lax"}[e.FieldByName("SameSite").String()]
			if sameSite == "" {
				sameSite = "default"
			}
			list = append(list, map[string]any{
				"name":      e.FieldByName("Name").String(),
				"value":     e.FieldByName("Value").String(),
				"domain":    e.FieldByName("Domain").String(),
				"path":      e.FieldByName("Path").String(),
				"host-only": e.FieldByName("HostOnly").Bool(),
				"secure":    e.FieldByName("Secure").Bool(),
				"http-only": e.FieldByName("HttpOnly").Bool(),
				"same-site": sameSite,
				"expires":   expires,
				"created":   float64(e.FieldByName("Creation").Interface().(time.Time).UnixNano()) / 1e9,
			})
		}
	}
	return map[string]any{"cookies": list}
}

func (a *adapter) reset(r request) any {
	a.jar = newJar()
	return map[string]any{}
}

// handle answers one request line; ok is false for `stop`.
func (a *adapter) handle(line []byte) (reply map[string]any, ok bool) {
	var id any
	defer func() {
		if failure := recover(); failure != nil {
			switch failure := failure.(type) {
			case unsupported:
				reply = map[string]any{"id": id, "status": "skipped", "reason": failure.reason}
			default:
				reply = map[string]any{"id": id, "status": "errored", "message": fmt.Sprint(failure), "details": string(debug.Stack())}
			}
			ok = true
		}
	}()
	var r request
	if err := json.Unmarshal(line, &r); err != nil || r == nil {
		panic(protocolError{fmt.Sprintf("a request must be a JSON object: %v", err)})
	}
	id = r["id"]
	if _, integer := id.(float64); !integer {
		panic(protocolError{"field 'id' must be an integer"})
	}
	operations := map[string]func(request) any{
		"start": a.start, "set-cookie": a.setCookie, "cookie-header": a.cookieHeader, "cookies": a.cookies,
		"reset": a.reset, "bench": a.bench,
		"document-cookie":       func(request) any { panic(unsupported{"net/http/cookiejar has no non-HTTP API (document.cookie)"}) },
		"write-document-cookie": func(request) any { panic(unsupported{"net/http/cookiejar has no non-HTTP API (document.cookie)"}) },
		"restart":               func(request) any { panic(unsupported{"net/http/cookiejar has no persistence"}) },
	}
	op := r.str("op")
	if op == "stop" {
		return nil, false
	}
	operation, known := operations[op]
	if !known {
		panic(unsupported{fmt.Sprintf("unknown op '%s' (this adapter speaks protocol %d)", op, protocolVersion)})
	}
	return map[string]any{"id": id, "status": "ok", "result": operation(r)}, true
}

func main() {
	a := &adapter{jar: newJar()}
	input := bufio.NewScanner(os.Stdin)
	input.Buffer(make([]byte, 64<<10), 8<<20)
	output := bufio.NewWriter(os.Stdout)
	for input.Scan() {
		line := input.Bytes()
		if len(line) == 0 {
			continue
		}
		reply, ok := a.handle(line)
		if !ok {
			break
		}
		encoded, err := json.Marshal(reply)
		if err != nil {
			encoded, _ = json.Marshal(map[string]any{"id": reply["id"], "status": "errored", "message": err.Error()})
		}
		output.Write(append(encoded, '\n'))
		output.Flush()
	}
}
